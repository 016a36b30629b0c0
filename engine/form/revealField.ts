import type { Form } from '../../schemas/form/field';
import { fieldInputId } from '../fields';
import type { FormUiStore } from './formUiStore';

/** Opens the tab holding a field ('tab.field' or the main field's name) and moves the focus to it. */
export function revealField(store: FormUiStore, form: Form, key: string | undefined): void {
  if (!key) return;
  const tab = key.split('.')[0];
  if (tab !== undefined && key.includes('.') && form.tabs[tab]) store.setState({ activeTab: tab });
  const focus = () => {
    const element = document.getElementById(fieldInputId(key));
    if (element instanceof HTMLElement && !element.hasAttribute('disabled')) element.focus();
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(focus);
}
