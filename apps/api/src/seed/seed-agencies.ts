/** Demo agencies, their users and submissions (issue 17: being built). */
export async function seedAgencies(_: { passwordHash: string }) {}
