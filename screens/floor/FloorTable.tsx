import type { SpaceAnswer } from '../../schemas/floor';
import { floorTableRows } from './tableRows';

/** Table View (spec 02 §2): Space #, Availability, Prices, Size, Description; owners span rows. */
export function FloorTable({
  spaces,
  formatPrice,
  onOpenSpace,
}: {
  spaces: readonly SpaceAnswer[];
  formatPrice: (amount: number) => string;
  onOpenSpace?: (space: SpaceAnswer) => void;
}) {
  const rows = floorTableRows(spaces);
  const byId = new Map(spaces.map((space) => [space.id, space]));
  const cell = 'border border-slate-200 px-3 py-2 align-top';
  return (
    <table className="w-full border-collapse bg-white text-sm" aria-label="Spaces">
      <thead className="bg-slate-50 text-left text-slate-700">
        <tr>
          {['Space #', 'Availability', 'Prices', 'Size', 'Description'].map((title) => (
            <th key={title} className={cell}>
              {title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && (
          <tr>
            <td colSpan={5} className={`${cell} text-center text-slate-500`}>
              No spaces on this layer.
            </td>
          </tr>
        )}
        {rows.map((row) => {
          const space = byId.get(row.spaceId);
          return (
            <tr key={row.key} data-space={row.floorNo}>
              {row.span > 0 && (
                <td rowSpan={row.span} className={cell}>
                  {onOpenSpace && space ? (
                    <button type="button" className="text-brand-700 underline" onClick={() => onOpenSpace(space)}>
                      {row.floorNo}
                    </button>
                  ) : (
                    row.floorNo
                  )}
                </td>
              )}
              <td className={cell}>{row.availability}</td>
              <td className={cell}>{formatPrice(row.price)}</td>
              {row.span > 0 && (
                <td rowSpan={row.span} className={cell}>
                  {row.size}
                </td>
              )}
              {row.span > 0 && (
                <td rowSpan={row.span} className={cell}>
                  {row.description}
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
