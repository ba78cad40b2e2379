/** Who may add, import and merge candidates (the API decides too): recruiters, admins, super users. */
export function managesCandidates(user: { role: string; admin: boolean; superUser: boolean } | null | undefined) {
  return Boolean(user && (user.role === 'recruiter' || user.admin || user.superUser));
}
