/** A builder table's header row: the columns' labels, then the row actions' column, named for screen readers only. */
export function TableHead({ labels, className, cell }: { labels: readonly string[]; className: string; cell: string }) {
  return (
    <thead className={className}>
      <tr>
        {labels.map((label) => (
          <th key={label} className={cell}>
            {label}
          </th>
        ))}
        <th className={cell}>
          <span className="sr-only">Actions</span>
        </th>
      </tr>
    </thead>
  );
}
