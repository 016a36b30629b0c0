import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import type { TabUiOptions } from '../../../schemas/form/toJsonSchema';
import { engineContextOf } from '../formContext';
import { RootTemplate } from './RootTemplate';
import { TabFieldsTemplate } from './TabFieldsTemplate';

/** Picks the layout an object node asks for in its `ui:options` (toJsonSchema sets them): the root form or a tab. */
export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const options = props.uiSchema?.['ui:options'] as { layout?: string } | undefined;
  const context = engineContextOf(props.registry.formContext);
  if (options?.layout === 'root' && context) return <RootTemplate props={props} context={context} />;
  if (options?.layout === 'tab') return <TabFieldsTemplate props={props} options={options as TabUiOptions} />;
  return (
    <div className="flex flex-col gap-4">
      {props.properties.map((property) => (
        <div key={property.name}>{property.content}</div>
      ))}
    </div>
  );
}
