import type { FormErrorItem } from '../../schemas/errors';

/** rjsf's error tree: `{ general: { email: { __errors: ['…'] } } }`. */
export interface ErrorTree {
  __errors?: string[];
  [key: string]: ErrorTree | string[] | undefined;
}

/** Form error items as rjsf's error tree: each message under its item's name ('tab.field' or the main field). */
export function errorTreeOf(items: readonly FormErrorItem[]): ErrorTree {
  const tree: ErrorTree = {};
  for (const { name, message } of items) {
    let node = tree;
    for (const segment of name.split('.')) {
      if (node[segment] === undefined || Array.isArray(node[segment])) node[segment] = {};
      node = node[segment] as ErrorTree;
    }
    node.__errors = [...(node.__errors ?? []), message];
  }
  return tree;
}
