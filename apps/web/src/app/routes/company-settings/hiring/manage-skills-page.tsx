import { SkillsVocabularySettings } from '@/features/candidates/resumes/skills-vocabulary-settings';

/** /company-settings/manage-lists/skills: the skills résumés are matched against (the Lists right). */
export default function ManageSkillsPage() {
  return <SkillsVocabularySettings />;
}
