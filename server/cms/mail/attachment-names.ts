/**
 * A photo's name as the company receives it. Every photo is stored re-encoded as a JPEG
 * (server/site/photos/prepare.ts), so its name says `.jpg` whatever the visitor's file was: the name in the
 * mail's list, the attachment's name, its type and its bytes agree, and a mail client that opens by
 * extension opens it. Names are unique within a submission: phones name every picked photo
 * `image.jpeg`, and two attachments of one name are one too many for most mail clients.
 */

/** The name with a JPEG's extension (kept when it has one). */
export function asJpegName(name: string): string {
  return /\.jpe?g$/i.test(name) ? name : `${name.replace(/\.[a-z0-9]{1,5}$/i, '')}.jpg`;
}

/** Each photo's JPEG name, a repeated one numbered (`image.jpeg`, `image-2.jpeg`), in the photos' order. */
export function attachmentNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((original) => {
    const name = asJpegName(original);
    const dot = name.lastIndexOf('.');
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${name.slice(0, dot)}-${n}${name.slice(dot)}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}
