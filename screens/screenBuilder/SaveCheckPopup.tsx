import { useState } from 'react';
import { POPUP_BUTTON_CLASSES, POPUP_PRIMARY_BUTTON_CLASSES, PopupFrame, type PopupComponentProps } from '../../engine/popups';
import type { SaveCheck } from './builderApi';
import { Check } from './inputs';

export interface SaveCheckPopupProps {
  check: SaveCheck;
}

/** What the save will do; resolves the conversions chosen for type changes, or rejects (Cancel). */
export type SaveDecision = { conversions: Record<string, 'copy'> };

function Group({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-800">{title}</h3>
      <ul className="list-disc pl-5 text-sm text-slate-700">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

/** The dry run of a save (POST /screens/check) shown before saving: added, renamed, removed fields and type changes. */
export function SaveCheckPopup({ check, popup }: PopupComponentProps<SaveCheckPopupProps, SaveDecision>) {
  const blocked = check.typeChanges.filter((change) => change.unconvertible > 0);
  const [copies, setCopies] = useState<Set<string>>(new Set());
  const ready = check.problems.length === 0 && blocked.every((change) => copies.has(change.field));
  const nothing = !check.created && check.added.length + check.renamed.length + check.removed.length + check.typeChanges.length + check.problems.length === 0;

  return (
    <PopupFrame
      title="Save this screen?"
      onClose={() => popup.close()}
      footer={
        <>
          <button type="button" className={POPUP_BUTTON_CLASSES} onClick={() => popup.close()}>
            Cancel
          </button>
          <button
            type="button"
            className={POPUP_PRIMARY_BUTTON_CLASSES}
            disabled={!ready}
            onClick={() => popup.resolve({ conversions: Object.fromEntries([...copies].map((field) => [field, 'copy' as const])) })}
          >
            Save
          </button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        {check.created && <p className="text-sm text-slate-700">A new screen and its table will be created.</p>}
        {nothing && <p className="text-sm text-slate-700">Labels and settings change; the stored values stay as they are.</p>}
        <Group title="Added fields" items={check.added} />
        <Group title="Renamed fields (values kept)" items={check.renamed.map((rename) => `${rename.from} → ${rename.to}`)} />
        <Group title="Removed fields (hidden; the values are kept until purged)" items={check.removed} />
        {check.typeChanges.length > 0 && (
          <div>
            <h3 className="text-sm font-semibold text-slate-800">Type changes</h3>
            <ul className="flex flex-col gap-2 text-sm text-slate-700">
              {check.typeChanges.map((change) => (
                <li key={change.field}>
                  {change.field}: {change.from} → {change.to}
                  {change.unconvertible > 0 ? (
                    <div className="mt-1 rounded-md bg-amber-50 p-2">
                      <p>
                        {change.unconvertible} stored values would not convert
                        {change.samples.length > 0 ? ` (for example ${change.samples.map((sample) => JSON.stringify(sample)).join(', ')})` : ''}.
                      </p>
                      <Check
                        label="Keep a copy of the old values"
                        checked={copies.has(change.field)}
                        onChange={(on) =>
                          setCopies((current) => {
                            const next = new Set(current);
                            if (on) next.add(change.field);
                            else next.delete(change.field);
                            return next;
                          })
                        }
                      />
                    </div>
                  ) : (
                    ' (every stored value converts)'
                  )}
                </li>
              ))}
            </ul>
          </div>
        )}
        {check.problems.length > 0 && (
          <div role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-700">
            <h3 className="font-semibold">This screen cannot be saved yet</h3>
            <ul className="list-disc pl-5">
              {check.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </PopupFrame>
  );
}
