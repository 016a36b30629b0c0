import { useEffect } from 'react';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import type { FieldUiOptions, TabUiOptions } from '../../../schemas/form/toJsonSchema';
import { FieldBoundary, getComponent } from '../../fields';

function TabComponent({ name }: { name: string }) {
  const Component = getComponent(name);
  return <Component name={name} label="" value={null} onChange={() => undefined} />;
}

/**
 * Spec 01 §4: a tab lacking fields logs a warning and falls back to a dynamic component check —
 * the component the tab names, if any (the spec's failure message when it is not registered).
 */
function EmptyTab({ options }: { options: TabUiOptions }) {
  useEffect(() => {
    console.warn(`The tab "${options.tab}" has no fields; it renders ${options.tabComponent ? `the component "${options.tabComponent}"` : 'nothing'}.`);
  }, [options.tab, options.tabComponent]);
  if (!options.tabComponent) return null;
  return (
    <FieldBoundary resetKey={options.tabComponent}>
      <TabComponent name={options.tabComponent} />
    </FieldBoundary>
  );
}

/** One tab's fields in a responsive grid; full-width fields span the row. */
export function TabFieldsTemplate({ props, options }: { props: ObjectFieldTemplateProps; options: TabUiOptions }) {
  if (props.properties.length === 0) return <EmptyTab options={options} />;
  return (
    <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
      {props.properties.map((property) => {
        const fieldOptions = (props.uiSchema?.[property.name] as Record<string, unknown> | undefined)?.['ui:options'] as FieldUiOptions | undefined;
        const wide = fieldOptions?.spec.fullWidth || fieldOptions?.spec.type === 'custom';
        return (
          <div key={property.name} className={`empty:hidden ${wide ? 'md:col-span-2 lg:col-span-3' : ''}`} hidden={property.hidden}>
            {property.content}
          </div>
        );
      })}
    </div>
  );
}
