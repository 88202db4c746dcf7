import type { z } from 'zod';

/**
 * The pre-alarm sounds before the round ends, so it is shorter than the round (0: none). Attached to every input
 * that sets the round clock (creation, the organizer's desk); firestore.rules checks the same.
 */
export function checkPreAlarm(
  clock: { roundDurationMinutes?: number | undefined; preAlarmMinutes?: number | undefined },
  ctx: z.RefinementCtx,
): void {
  const round = clock.roundDurationMinutes ?? 0;
  const alarm = clock.preAlarmMinutes ?? 0;
  if (alarm > 0 && alarm >= round)
    ctx.addIssue({
      code: 'custom',
      path: ['preAlarmMinutes'],
      message:
        round > 0
          ? `the pre-alarm must be shorter than the round (${round} minutes)`
          : 'a pre-alarm needs a round duration: set the round duration, or a pre-alarm of 0',
    });
}
