import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { uploadQueueMachine, type UploadInput } from './uploadQueueMachine';

/** An upload actor whose calls the test settles one by one. */
function controlledUploads() {
  const pending: Array<{ input: UploadInput; resolve: () => void; reject: (error: Error) => void }> = [];
  const upload = fromPromise<unknown, UploadInput>(({ input }) => new Promise<void>((resolve, reject) => pending.push({ input, resolve, reject })));
  return { upload, pending };
}

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function start() {
  const uploads = controlledUploads();
  let reloads = 0;
  const actor = createActor(
    uploadQueueMachine.provide({
      actors: {
        upload: uploads.upload,
        reloadGallery: fromPromise<unknown, void>(async () => {
          reloads += 1;
          return null;
        }),
      },
    }),
  ).start();
  return { actor, uploads, reloads: () => reloads };
}

describe('the media upload queue', () => {
  it('uploads one file at a time, tracks progress, then reloads the gallery once', async () => {
    const { actor, uploads, reloads } = start();
    actor.send({
      type: 'ADD',
      files: [
        { id: 'a', name: 'a.png' },
        { id: 'b', name: 'b.jpg' },
      ],
    });
    expect(actor.getSnapshot().value).toBe('uploading');
    expect(uploads.pending.map((call) => call.input.id)).toEqual(['a']);
    expect(actor.getSnapshot().context.files).toEqual([
      { id: 'a', name: 'a.png', status: 'uploading', progress: 1 },
      { id: 'b', name: 'b.jpg', status: 'waiting', progress: 0 },
    ]);

    actor.send({ type: 'PROGRESS', id: 'a', percent: 42.4 });
    actor.send({ type: 'PROGRESS', id: 'b', percent: 80 });
    expect(actor.getSnapshot().context.files.map((file) => file.progress)).toEqual([42, 0]);
    actor.send({ type: 'PROGRESS', id: 'a', percent: 100 });
    expect(actor.getSnapshot().context.files[0]?.progress).toBe(99);

    uploads.pending[0]!.resolve();
    await flush();
    expect(uploads.pending.map((call) => call.input.id)).toEqual(['a', 'b']);
    expect(actor.getSnapshot().context.files.map((file) => [file.status, file.progress])).toEqual([
      ['uploaded', 100],
      ['uploading', 1],
    ]);
    expect(reloads()).toBe(0);

    uploads.pending[1]!.resolve();
    await flush();
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(reloads()).toBe(1);
  });

  it('marks a failed file failed and goes on with the next one', async () => {
    const { actor, uploads, reloads } = start();
    actor.send({
      type: 'ADD',
      files: [
        { id: 'a', name: 'a.png' },
        { id: 'b', name: 'b.png' },
        { id: 'c', name: 'c.png' },
      ],
    });
    uploads.pending[0]!.resolve();
    await flush();
    uploads.pending[1]!.reject(new Error('Too large'));
    await flush();
    uploads.pending[2]!.resolve();
    await flush();
    await flush();
    expect(actor.getSnapshot().context.files.map((file) => file.status)).toEqual(['uploaded', 'failed', 'uploaded']);
    expect(actor.getSnapshot().context.files[1]?.progress).toBe(1);
    expect(reloads()).toBe(1);
  });

  it('drops files other than png, gif, jpg and jpeg silently, and ignores a drop with none', async () => {
    const { actor, uploads } = start();
    actor.send({ type: 'ADD', files: [{ id: 'x', name: 'notes.pdf' }] });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.files).toEqual([]);
    actor.send({
      type: 'ADD',
      files: [
        { id: 'x', name: 'notes.pdf' },
        { id: 'y', name: 'logo.GIF' },
      ],
    });
    expect(actor.getSnapshot().context.files.map((file) => file.name)).toEqual(['logo.GIF']);
    expect(uploads.pending).toHaveLength(1);
  });

  it('queues files dropped while uploading and forgets finished ones on CLEAR', async () => {
    const { actor, uploads } = start();
    actor.send({ type: 'ADD', files: [{ id: 'a', name: 'a.png' }] });
    actor.send({ type: 'ADD', files: [{ id: 'b', name: 'b.png' }] });
    uploads.pending[0]!.resolve();
    await flush();
    uploads.pending[1]!.resolve();
    await flush();
    await flush();
    expect(actor.getSnapshot().context.files.map((file) => file.status)).toEqual(['uploaded', 'uploaded']);
    actor.send({ type: 'CLEAR' });
    expect(actor.getSnapshot().context.files).toEqual([]);
  });
});
