/** Selected row ids (spec 01 §4): kept across refresh and pages, cleared after a bulk action. */
export type Selection = ReadonlySet<number>;

export function toggleRow(selection: Selection, id: number, selected: boolean): Selection {
  const next = new Set(selection);
  if (selected) next.add(id);
  else next.delete(id);
  return next;
}

/** The select-all checkbox: (un)selects every row of the page shown, keeping rows of other pages. */
export function togglePage(selection: Selection, pageIds: readonly number[], selected: boolean): Selection {
  const next = new Set(selection);
  for (const id of pageIds) {
    if (selected) next.add(id);
    else next.delete(id);
  }
  return next;
}

/** Whether the select-all checkbox shows checked: every row of the page is selected. */
export function isPageSelected(selection: Selection, pageIds: readonly number[]): boolean {
  return pageIds.length > 0 && pageIds.every((id) => selection.has(id));
}
