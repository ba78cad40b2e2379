import { Tabs } from '@mantine/core';
import { useNavigate } from 'react-router-dom';

/** The pages of company-settings/page-customization: the career site's apply form and the screening question bank. */
export function PageCustomizationTabs({ value }: { value: 'apply-form' | 'questions' }) {
  const navigate = useNavigate();
  return (
    <Tabs value={value} onChange={(v) => v && navigate(`/company-settings/page-customization/${v}`)}>
      <Tabs.List>
        <Tabs.Tab value="apply-form">Career-site apply form</Tabs.Tab>
        <Tabs.Tab value="questions">Screening questions</Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}
