// A notification's time as DD-MM-YYYY, HH:mm:ss (shell.md §3) in the store's zone, by the
// core's formats.
import { useFormats } from "../../../hooks/useFormats";

export function NotificationTime({ value }: { value: string }) {
  const formats = useFormats();
  return <time dateTime={value}>{formats.date(value, "notification")}</time>;
}
