/**
 * The page bench/crud-form.ts loads in Chromium: it renders one generated 60-field form through our
 * engine (SchemaForm: templates, field registry, store) or through plain @rjsf/core on the same
 * JSON Schema (and the same AJV-free validator), and times both; it also records keystroke-to-paint in our form.
 */
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import RjsfForm from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import { formValuesOf } from '../../schemas/form/formValues';
import { toJsonSchema } from '../../schemas/form/toJsonSchema';
import { SchemaForm } from '../../engine/form';
import { formValidator } from '../../engine/form/formValidator';
import '../../fields';
import '../../screens/styles.css';
import { generateForm } from './generateForm';

const form = generateForm(60);
const values = formValuesOf(form);
const { schema } = toJsonSchema(form);
const noop = () => undefined;

function EngineForm() {
  return <SchemaForm form={form} values={values} onSubmit={noop} />;
}

function PlainForm() {
  return <RjsfForm schema={schema as RJSFSchema} formData={values} validator={formValidator} liveValidate={false} showErrorList={false} />;
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** Mounts a form synchronously, forces layout, and answers the time taken; the form is removed after. */
async function timeRender(kind: 'engine' | 'plain'): Promise<number> {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  const start = performance.now();
  flushSync(() => root.render(kind === 'engine' ? <EngineForm /> : <PlainForm />));
  void host.offsetHeight;
  const elapsed = performance.now() - start;
  await nextFrame();
  root.unmount();
  host.remove();
  return elapsed;
}

/** Renders both forms in turn, `runs` times each after `warmup` unmeasured rounds. */
async function renderBoth(runs: number, warmup: number): Promise<{ engine: number[]; plain: number[]; fields: number }> {
  const engine: number[] = [];
  const plain: number[] = [];
  for (let round = 0; round < warmup + runs; round++) {
    const first = round % 2 === 0 ? 'engine' : 'plain';
    const second = first === 'engine' ? 'plain' : 'engine';
    for (const kind of [first, second] as const) {
      const elapsed = await timeRender(kind);
      if (round >= warmup) (kind === 'engine' ? engine : plain).push(elapsed);
    }
  }
  return { engine, plain, fields: form.tabs.general!.fields.length + 1 };
}

const keystrokes: number[] = [];

/** Mounts our form to stay, and records, for each key pressed in its first text field, the time to the next paint. */
async function mountForTyping(): Promise<string> {
  const host = document.createElement('div');
  document.body.append(host);
  createRoot(host).render(<EngineForm />);
  await nextFrame();
  const input = document.getElementById('field-general-f7');
  if (!(input instanceof HTMLInputElement)) throw new Error('The bench form has no #field-general-f7 text input.');
  input.addEventListener(
    'keydown',
    (event) => {
      const start = event.timeStamp;
      // The rAF runs after React has committed the change; the message after it arrives once that frame is painted.
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => keystrokes.push(performance.now() - start);
        channel.port2.postMessage(null);
      });
    },
    true,
  );
  input.focus();
  return '#field-general-f7';
}

declare global {
  interface Window {
    crudFormBench: {
      renderBoth: typeof renderBoth;
      mountForTyping: typeof mountForTyping;
      keystrokes: () => number[];
    };
  }
}

window.crudFormBench = { renderBoth, mountForTyping, keystrokes: () => [...keystrokes] };
