/** Demo referrals and rewards (issue 17: being built). */
export async function seedReferrals(_: { passwordHash: string }) {}
