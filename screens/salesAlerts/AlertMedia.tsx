/** Previews of an alert's media (spec 03 §2): images as thumbnails, a video with controls. */
export function AlertMedia({ sources }: { sources: ReadonlyArray<{ url: string; name: string }> }) {
  if (sources.length === 0) return null;
  return (
    <div className="mt-2 flex flex-wrap gap-2">
      {sources.map(({ url, name }) =>
        /\.(mp4|webm)$/i.test(name) ? (
          <video key={url} src={url} controls className="h-24 max-w-48 rounded border border-slate-200" aria-label={name} />
        ) : (
          <img key={url} src={url} alt={name} className="h-24 w-24 rounded border border-slate-200 object-cover" />
        ),
      )}
    </div>
  );
}

/** The server's addresses as preview sources, named after their stored file. */
export function storedSources(urls: readonly string[]) {
  return urls.map((url) => ({ url, name: url.split('/').pop() ?? url }));
}
