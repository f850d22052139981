// The product design editors' screens for the router: one page in three modes, full-screen.
import { type Screens, lazyScreen } from "../../lib/screens";

const DesignEditorPage = lazyScreen(() => import("./components/DesignEditorPage"), "DesignEditorPage");

export const screens: Screens = {
  named: {
    "print-hub-editor": <DesignEditorPage key="print-hub-editor" kind="print" />,
    "book-editor": <DesignEditorPage key="book-editor" kind="book" />,
    "book2-editor": <DesignEditorPage key="book2-editor" kind="book2" />,
  },
};
