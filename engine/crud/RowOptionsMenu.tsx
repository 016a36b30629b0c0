import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ListRowAction } from './types';

interface RowOptionsMenuProps {
  actions: readonly ListRowAction[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAction: (action: ListRowAction) => void;
}

/** A row's options menu; the list keeps only one open at a time (spec 01 §4). */
export function RowOptionsMenu({ actions, open, onOpenChange, onAction }: RowOptionsMenuProps) {
  return (
    <DropdownMenu.Root open={open} onOpenChange={onOpenChange} modal={false}>
      <DropdownMenu.Trigger
        aria-label="Options"
        className="flex h-8 w-8 items-center justify-center rounded-full border border-slate-300 text-slate-600 hover:bg-slate-100 data-[state=open]:bg-slate-200"
      >
        <span aria-hidden="true">⋮</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          side="left"
          align="start"
          sideOffset={4}
          className="z-30 min-w-40 rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg"
        >
          {actions.map((action) => (
            <DropdownMenu.Item
              key={action.identifier}
              onSelect={() => onAction(action)}
              className={`cursor-pointer px-3 py-2 outline-none data-[highlighted]:bg-slate-100 ${action.type === 'DELETE' ? 'text-rose-700' : 'text-slate-700'}`}
            >
              {action.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
