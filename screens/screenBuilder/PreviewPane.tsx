import { Component, Suspense, useMemo, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '../../engine/crud';
import { fieldErrorsOf, messageOf } from '../../engine/http';
import { CrudListPage, LazyCrudFormPage } from '../crud';
import { previewScreen } from './builderApi';
import type { BuilderDeclaration } from './declarationOf';
import { SECTION, SECTION_TITLE } from './styles';

/** How long the editor rests before the preview asks the server again. */
export const PREVIEW_DEBOUNCE_MS = 400;

/** A preview that throws while rendering a half-made declaration shows a line instead of taking the editor down. */
class PreviewBoundary extends Component<{ children: ReactNode; resetKey: string }, { failed: string | null }> {
  override state = { failed: null as string | null };
  static getDerivedStateFromError(error: unknown) {
    return { failed: error instanceof Error ? error.message : String(error) };
  }
  override componentDidUpdate(previous: { resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.failed !== null) this.setState({ failed: null });
  }
  override render() {
    if (this.state.failed !== null) return <p className="text-sm text-red-600">The preview cannot show this screen yet: {this.state.failed}</p>;
    return this.props.children;
  }
}

/**
 * The screen as it will be served: the list header and the create form, from POST /screens/preview,
 * drawn by the CRUD pages themselves. Nothing can be saved from here.
 */
export function PreviewPane({ declaration }: { declaration: BuilderDeclaration }) {
  const text = useMemo(() => JSON.stringify(declaration), [declaration]);
  const settled = useDebouncedValue(text, PREVIEW_DEBOUNCE_MS);
  const preview = useQuery({
    queryKey: ['screens', 'preview', settled],
    queryFn: ({ signal }) => previewScreen(JSON.parse(settled) as BuilderDeclaration, signal),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    retry: false,
    // A new screen has nothing to show before it has a name.
    enabled: declaration.namespace !== '',
  });
  const problems = preview.error ? Object.entries(fieldErrorsOf(preview.error)).map(([path, messages]) => `${path}: ${messages.join(' ')}`) : [];
  const data = preview.data;
  // The preview's pages must not lead anywhere: no create button, no submit address.
  const config = data ? { ...data.config, links: { ...data.config.links, create: '#' } } : undefined;
  const form = data ? { ...data.form, links: { ...data.form.links, post: undefined, put: undefined } } : undefined;

  return (
    <section aria-labelledby="builder-preview" className={`${SECTION} bg-slate-50`} aria-busy={preview.isFetching}>
      <h2 id="builder-preview" className={SECTION_TITLE}>
        Preview
      </h2>
      {preview.isError && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-2 text-sm text-red-700">
          <p>{messageOf(preview.error)}</p>
          {problems.length > 0 && (
            <ul className="list-disc pl-5">
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {config && form && (
        <PreviewBoundary resetKey={settled}>
          <div aria-label="List preview" role="group" className="pointer-events-none">
            <CrudListPage namespace={config.namespace} config={config} />
          </div>
          <div aria-label="Form preview" role="group">
            <Suspense fallback={null}>
              <LazyCrudFormPage key={settled} namespace={form.namespace} config={form} />
            </Suspense>
          </div>
        </PreviewBoundary>
      )}
    </section>
  );
}
