import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { CalibrationLink } from './calibration-link';

describe('the way to interviewer calibration', () => {
  it.each([
    ['an admin', { admin: true }],
    ['a hiring manager', { role: 'employee' as const, addlRoles: ['HM' as const] }],
  ])('is offered to %s', async (_who, user) => {
    signIn(user);
    renderWithProviders(<CalibrationLink />);
    expect(await screen.findByRole('link', { name: 'Interviewer calibration' })).toHaveAttribute('href', '/interviewfeedback-all/calibration');
  });

  it('is not offered to a recruiter or an employee', async () => {
    signIn({ role: 'employee' });
    renderWithProviders(
      <>
        <p>Scorecards</p>
        <CalibrationLink />
      </>,
    );
    expect(await screen.findByText('Scorecards')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Interviewer calibration' })).not.toBeInTheDocument();
  });
});
