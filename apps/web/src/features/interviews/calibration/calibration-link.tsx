import { Anchor } from '@mantine/core';
import { Link } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { useSession } from '@/lib/session';

/** Who is offered the calibration page: admins, super users and hiring managers (the API checks each job). */
export function mayCalibrate(user: { admin: boolean; superUser: boolean; addlRoles: readonly string[] } | null | undefined) {
  return Boolean(user && (user.admin || user.superUser || user.addlRoles.includes('HM')));
}

/** The way from /interviewfeedback-all to the calibration page, shown only to those who may see it. */
export function CalibrationLink() {
  const { user } = useSession();
  if (!mayCalibrate(user)) return null;
  return (
    <Anchor component={Link} to={Paths.interviewFeedbackCalibration}>
      Interviewer calibration
    </Anchor>
  );
}
