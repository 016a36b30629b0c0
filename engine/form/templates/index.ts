import type { TemplatesType } from '@rjsf/utils';
import { FieldTemplate } from './FieldTemplate';
import { ObjectFieldTemplate } from './ObjectFieldTemplate';

/** Our templates for @rjsf/core; one constant object so rjsf's registry stays referentially stable. */
export const ENGINE_TEMPLATES: Partial<TemplatesType> = { FieldTemplate, ObjectFieldTemplate };
