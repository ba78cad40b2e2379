import { OrgEntityList } from '@/features/org/components/org-entity-list';

/** /company-settings/departments (standardSettings). */
export default function DepartmentsPage() {
  return <OrgEntityList kind="departments" />;
}
