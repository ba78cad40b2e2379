import { Alert, Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useApplyForm } from '@/features/jobs/api/get-apply-form';
import { ApplyFormEditor } from '@/features/jobs/components/apply-form-editor';
import { errorMessage } from '@/lib/api-client';
import { PageCustomizationTabs } from './page-customization-tabs';

/** company-settings/page-customization/{page?}: which fields each form shows; today the career site's apply form (the question bank is its own page). */
export default function PageCustomizationPage() {
  const form = useApplyForm();
  return (
    <Stack gap="md" maw={860}>
      <Title order={1}>Page customization</Title>
      <PageCustomizationTabs value="apply-form" />
      <Text fz="sm">
        The form applicants fill in on your public career site. The site&apos;s introduction and listed jobs are on the{' '}
        <Anchor component={Link} to="/company-settings/career-site">
          Career site
        </Anchor>{' '}
        page.
      </Text>
      {form.isPending ? (
        <Loader role="progressbar" aria-label="Loading the apply form" />
      ) : form.isError ? (
        <Alert color="red">{errorMessage(form.error)}</Alert>
      ) : (
        <ApplyFormEditor applyForm={form.data.applyForm} />
      )}
    </Stack>
  );
}
