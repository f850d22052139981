// A notification's time as DD-MM-YYYY, HH:mm:ss in the browser's zone, from the core's
// time-zone build, loaded only when a notification is opened.
import { useEffect, useState } from "react";

export function NotificationTime({ value }: { value: string }) {
  const [text, setText] = useState("");
  useEffect(() => {
    let live = true;
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    void import("../../../core/zoned").then(({ notificationTime }) => {
      if (!live) return;
      try {
        setText(notificationTime(value, zone));
      } catch {
        setText(notificationTime(value, "UTC"));
      }
    });
    return () => {
      live = false;
    };
  }, [value]);
  return <time dateTime={value}>{text}</time>;
}
