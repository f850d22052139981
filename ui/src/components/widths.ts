// The content widths of the admin's pages, one for each kind of page, so that the column of
// content does not change width from screen to screen: forms and details (one column of
// fields or sections) and lists (tables, reports, the dashboard).
export const PAGE_WIDTH = {
  form: 960,
  list: 1200,
} as const;
