import { Anchor } from '@mantine/core';

const urlPattern = /(https?:\/\/[^\s<>"')]+)/g;

/** Plain mail text with its web addresses as links (no HTML from the mail is rendered). */
export function LinkedText({ text }: { text: string }) {
  const parts = text.split(urlPattern);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <Anchor key={index} href={toLocal(part)}>
            {part}
          </Anchor>
        ) : (
          <span key={index}>{part}</span>
        ),
      )}
    </>
  );
}

/** Links into this app open here even when the mail names another host (e.g. the API's PUBLIC_URL in dev). */
function toLocal(url: string): string {
  try {
    const parsed = new URL(url);
    const local = ['localhost', '127.0.0.1'].includes(parsed.hostname) && parsed.origin !== window.location.origin;
    return local ? `${parsed.pathname}${parsed.search}${parsed.hash}` : url;
  } catch {
    return url;
  }
}
