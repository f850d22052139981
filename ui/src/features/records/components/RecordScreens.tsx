// The list and form screens of a record kind named by its route, loaded by the router on
// demand together with every kind's spec.
import { RecordFormPage, RecordListPage } from "./RecordPages";
import { recordSpecs } from "./kinds";

export function RecordListScreen({ route }: { route: string }) {
  const spec = recordSpecs[route];
  return spec ? <RecordListPage spec={spec} /> : null;
}

export function RecordFormScreen({ route }: { route: string }) {
  const spec = recordSpecs[route];
  return spec ? <RecordFormPage spec={spec} /> : null;
}
