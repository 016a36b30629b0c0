import fs from 'node:fs';
import path from 'node:path';
import Ajv, { type ErrorObject } from 'ajv';
import { ResourceDeclarationSchema, type ResourceDeclaration } from '../../schemas/crud/declaration';
import { checkDeclaration } from './checkDeclaration';
import { loadHooks } from './hooks';
import type { CrudHooks } from './hooks/types';

/** A declaration file that parsed and checked out, with its hooks loaded. */
export interface LoadedDeclaration {
  declaration: ResourceDeclaration;
  file: string;
  hooks: CrudHooks;
}

/** A declaration the engine cannot serve; the message is one line naming the file. */
export class DeclarationError extends Error {
  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`);
    this.name = 'DeclarationError';
  }
}

const ajv = new Ajv({ allErrors: true, strict: false });
const validateDeclaration = ajv.compile<ResourceDeclaration>(ResourceDeclarationSchema);

/** The first schema problem, worded for the person editing the file ('/columns/name/label must be string'). */
function describeSchemaErrors(errors: readonly ErrorObject[]): string {
  const first = errors.find((error) => error.keyword !== 'const' && error.keyword !== 'anyOf') ?? errors[0];
  if (!first) return 'does not match the declaration schema.';
  const where = first.instancePath || '/';
  const allowed = errors
    .filter((error) => error.keyword === 'const' && error.instancePath === first.instancePath)
    .map((error) => String(error.params.allowedValue));
  if (allowed.length > 0 && (first.keyword === 'const' || first.keyword === 'anyOf')) return `${where} must be one of ${allowed.join(', ')}.`;
  const extra = first.keyword === 'additionalProperties' ? ` ("${String(first.params.additionalProperty)}")` : '';
  return `${where} ${first.message ?? 'is not valid'}${extra}.`;
}

export function displayPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith('..') ? path.basename(file) : relative;
}

/** Every *.json file of the folders, in name order; a missing folder holds none. */
export function declarationFiles(dirs: readonly string[]): string[] {
  const files: string[] = [];
  for (const dir of dirs) {
    if (!fs.existsSync(dir)) continue;
    const names = fs
      .readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .sort();
    files.push(...names.map((name) => path.join(dir, name)));
  }
  return files;
}

/** Reads, validates and checks one file. */
export function readDeclaration(file: string): ResourceDeclaration {
  const shown = displayPath(file);
  let data: unknown;
  try {
    data = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new DeclarationError(shown, `is not valid JSON (${error instanceof Error ? error.message : String(error)}).`);
  }
  return declarationOf(data, shown);
}

/** Checks parsed JSON against the declaration schema and the engine's rules, from a file or the screen builder. */
export function declarationOf(data: unknown, shown: string): ResourceDeclaration {
  if (!validateDeclaration(data)) throw new DeclarationError(shown, describeSchemaErrors(validateDeclaration.errors ?? []));
  const problem = checkDeclaration(data);
  if (problem) throw new DeclarationError(shown, problem);
  return data;
}

/** Loads every declaration of the folders; throws a DeclarationError on the first bad file or a duplicate namespace or slug. */
export async function loadDeclarations(dirs: readonly string[], hookDirs: readonly string[]): Promise<LoadedDeclaration[]> {
  const loaded: LoadedDeclaration[] = [];
  const namespaces = new Map<string, string>();
  const slugs = new Map<string, string>();
  for (const file of declarationFiles(dirs)) {
    const shown = displayPath(file);
    const declaration = readDeclaration(file);
    const sameNamespace = namespaces.get(declaration.namespace);
    if (sameNamespace) throw new DeclarationError(shown, `namespace "${declaration.namespace}" is already declared by ${sameNamespace}.`);
    const sameSlug = slugs.get(declaration.slug);
    if (sameSlug) throw new DeclarationError(shown, `slug "${declaration.slug}" is already used by ${sameSlug}.`);
    namespaces.set(declaration.namespace, shown);
    slugs.set(declaration.slug, shown);
    let hooks: CrudHooks;
    try {
      hooks = await loadHooks(declaration.hooks, hookDirs);
    } catch (error) {
      throw new DeclarationError(shown, error instanceof Error ? error.message : String(error));
    }
    loaded.push({ declaration, file: shown, hooks });
  }
  return loaded;
}
