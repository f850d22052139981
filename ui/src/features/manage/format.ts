// Dates of records (orders, customers, ...) as the reader's language writes them, in the
// browser's zone.
export function formatDateTime(ms: number, language: string): string {
  return new Intl.DateTimeFormat(language === "vi" ? "vi-VN" : "en-US", { dateStyle: "medium", timeStyle: "short" }).format(ms);
}

export function formatDate(ms: number, language: string): string {
  return new Intl.DateTimeFormat(language === "vi" ? "vi-VN" : "en-US", { dateStyle: "medium" }).format(ms);
}
