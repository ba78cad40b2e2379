import { Stack, Tabs, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router-dom';
import { CustomFieldEntities } from '@hireflow/contracts/org';
import { OrgEntityList } from '@/features/org/components/org-entity-list';

const names = { job: 'Jobs', candidate: 'Candidates', application: 'Applications', offer: 'Offers' } as const;

/** /company-settings/custom-fields/{job|candidate|application|offer}. */
export default function CustomFieldsPage() {
  const { subpage } = useParams();
  const navigate = useNavigate();
  const entity = (CustomFieldEntities as readonly string[]).includes(subpage ?? '') ? (subpage as keyof typeof names) : 'job';
  return (
    <Stack gap="md">
      <Title order={1}>Custom fields</Title>
      <Tabs value={entity} onChange={(v) => v && navigate(`/company-settings/custom-fields/${v}`)} keepMounted={false}>
        <Tabs.List aria-label="Custom fields of">
          {CustomFieldEntities.map((e) => (
            <Tabs.Tab key={e} value={e}>
              {names[e]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {CustomFieldEntities.map((e) => (
          <Tabs.Panel key={e} value={e} pt="md">
            <OrgEntityList kind="custom-fields" entity={e} headingOrder={2} title={`${names[e]}: custom fields`} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
