import { POPUP_BUTTON_CLASSES, PopupFrame, type PopupComponentProps } from '../../engine/popups';
import { TILL_KEYS, TILL_SHORTCUTS, type TillShortcut } from './tillShortcuts';

/** The till's keys at a glance (F1 or ?). */
export function ShortcutSheet({ popup }: PopupComponentProps<object, void>) {
  const rows = [...(Object.keys(TILL_SHORTCUTS) as TillShortcut[]).map((name) => TILL_SHORTCUTS[name]), ...TILL_KEYS];
  return (
    <PopupFrame
      title="Shortcut Keys"
      onClose={popup.close}
      footer={
        <button type="button" className={POPUP_BUTTON_CLASSES} onClick={popup.close}>
          Close
        </button>
      }
    >
      <dl aria-label="Shortcut keys" className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {rows.map((row) => (
          <div key={`${row.key}-${row.label}`} className="contents">
            <dt>
              <kbd className="rounded border border-slate-300 bg-slate-100 px-1.5 py-0.5 font-mono text-xs font-semibold">{row.key}</kbd>
            </dt>
            <dd className="text-slate-700">{row.label}</dd>
          </div>
        ))}
      </dl>
    </PopupFrame>
  );
}
