import { useId } from 'react';
import * as Tabs from '@radix-ui/react-tabs';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { Link } from 'react-router';
import type { TabUiOptions } from '../../../schemas/form/toJsonSchema';
import type { EngineFormContext } from '../formContext';
import { useFormUi } from '../formUiStore';
import { hasErrors } from './hasErrors';
import { MainFieldRow } from './MainFieldRow';
import { SaveButton } from './SaveButton';

function tabOptionsOf(props: ObjectFieldTemplateProps, name: string): TabUiOptions | undefined {
  const options = (props.uiSchema?.[name] as Record<string, unknown> | undefined)?.['ui:options'] as TabUiOptions | undefined;
  return options?.layout === 'tab' ? options : undefined;
}

/**
 * The whole form (spec 01 §2, §4): Go Back link, main field row, then the tabs — the first active
 * at start, those disabled when creating stay disabled until the entry is saved.
 */
export function RootTemplate({ props, context }: { props: ObjectFieldTemplateProps; context: EngineFormContext }) {
  const { store } = context;
  const tabs = props.properties.filter((property) => tabOptionsOf(props, property.name));
  const main = props.properties.find((property) => !tabOptionsOf(props, property.name));
  const saved = useFormUi(store, (state) => state.saved);
  const firstTab = (tabs.find((tab) => saved || !tabOptionsOf(props, tab.name)?.disabledWhenCreate) ?? tabs[0])?.name ?? '';
  const activeTab = useFormUi(store, (state) => state.activeTab) ?? firstTab;
  const showTabList = !(context.hideSingleTab && tabs.length === 1);
  const baseId = useId();
  const triggerId = (name: string) => `${baseId}-tab-${name}`;
  const panelId = (name: string) => `${baseId}-panel-${name}`;
  const active = tabs.find((tab) => tab.name === activeTab);

  return (
    <div className="flex flex-col gap-4">
      {context.returnUrl && (
        <div className="flex justify-end">
          <Link to={context.returnUrl} className="rounded-full border border-rose-300 px-3 py-1 text-sm text-rose-700 hover:bg-rose-50">
            Go Back
          </Link>
        </div>
      )}
      {main && <MainFieldRow context={context}>{main.content}</MainFieldRow>}
      {tabs.length > 0 && (
        <Tabs.Root value={activeTab} onValueChange={(value) => store.setState({ activeTab: value })} className="flex flex-col">
          {showTabList && (
            <Tabs.List className="-mb-px ml-4 flex flex-wrap">
              {tabs.map((tab) => {
                const options = tabOptionsOf(props, tab.name);
                const failing = hasErrors(props.errorSchema?.[tab.name]);
                return (
                  <Tabs.Trigger
                    key={tab.name}
                    value={tab.name}
                    id={triggerId(tab.name)}
                    aria-controls={panelId(tab.name)}
                    disabled={Boolean(options?.disabledWhenCreate && !saved)}
                    data-has-errors={failing || undefined}
                    className="-mr-px rounded-t-md border border-slate-300 bg-slate-100 px-3 py-2 text-sm text-slate-600 data-[state=active]:border-b-white data-[state=active]:bg-white data-[state=active]:text-slate-900 disabled:cursor-not-allowed disabled:opacity-50 data-[has-errors]:text-rose-700"
                  >
                    {options?.tabLabel ?? tab.name}
                    {failing && <span aria-hidden="true" className="ml-1 inline-block h-2 w-2 rounded-full bg-rose-600" />}
                  </Tabs.Trigger>
                );
              })}
            </Tabs.List>
          )}
          {/* Our own panel rather than Tabs.Content: its Presence measured ~10% of a 60-field form's render (bench/crud-form). */}
          {active && (
            <div
              key={active.name}
              role="tabpanel"
              id={panelId(active.name)}
              aria-labelledby={showTabList ? triggerId(active.name) : undefined}
              tabIndex={0}
              className={showTabList ? 'rounded-md border border-slate-300 bg-white p-4' : ''}
            >
              {active.content}
            </div>
          )}
        </Tabs.Root>
      )}
      {!main && context.showSave && (
        <div className="flex justify-end">
          <SaveButton store={store} />
        </div>
      )}
    </div>
  );
}
