import { Typography } from '@mantine/core';
import { safeHtml } from '@/features/mail/components/safe-html';

/** An announcement's rich text: sanitised by the API when stored, and reduced to the same allow-list again here. */
export function SpotlightBody({ html }: { html: string }) {
  return (
    <Typography>
      <div dangerouslySetInnerHTML={{ __html: safeHtml(html) }} />
    </Typography>
  );
}
