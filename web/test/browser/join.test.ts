/**
 * Emulator Suite tier, joining in Chromium through the Hosting-served dashboard: the organizer's desk shows the
 * tournament's join link as a QR code and every entry's claim code; a 375x812 phone opens the link the QR encodes,
 * continues with (the Auth emulator's) Google, types its claim code and writes its own score through the rules;
 * another phone types wrong codes, is refused with the tries left, then is locked out even with a right code; a
 * phone signs in with an emailed link (on the device that asked for it, and on another); a scorekeeper joins by
 * invitation and scores a table not its own; a revoked invitation is refused. No screen shows an account id.
 */
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { type SeededTournament, call, origin, readMatchUp, seedTournament } from '../../../testing/stack.js';
import { DESKTOP, PHONE, WAIT_MS, expectOk, freshStatus, outcome } from './driver.js';
import { browserSuite, signUpThrough, storedTournament } from './harness.js';

browserSuite(import.meta.url, 'joining a tournament in Chromium', (web) => {
  let seeded: SeededTournament;
  let tournamentId: string;
  let desk: Page;
  let joinUrl = '';
  /** The phone of the player who joined with Google, and the entry it claimed. */
  let playerPhone: Page;
  let claimedId = '';
  const codes = new Map<string, string>();
  /** The account ids of every account a page used, and the text of every screen visited, to check none shows. */
  const uids = new Set<string>();
  const screens: { name: string; text: string }[] = [];
  const visited = async (page: Page, name: string) => {
    const uid = await page.locator('.app').getAttribute('data-uid');
    if (uid) uids.add(uid);
    screens.push({ name, text: await page.locator('body').innerText() });
    await web.shot(page, name);
  };
  /** The emailed links the Auth emulator holds instead of sending them. */
  const emailedLink = async (email: string) => {
    const { auth, projectId } = web.emulators;
    const url = `${origin(auth)}/emulator/v1/projects/${projectId}/oobCodes`;
    const { oobCodes } = (await (await fetch(url)).json()) as {
      oobCodes: { email: string; requestType: string; oobLink: string }[];
    };
    const link = oobCodes.filter((c) => c.email === email && c.requestType === 'EMAIL_SIGNIN').at(-1)?.oobLink;
    if (!link) throw new Error(`no sign-in link was emailed to ${email}`);
    return link;
  };
  /** The Auth emulator's record of an account: how it signs in. */
  const providersOf = async (uid: string) => {
    const { auth, projectId } = web.emulators;
    const url = `${origin(auth)}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:lookup`;
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: [uid] }),
    });
    const { users } = (await response.json()) as {
      users: { displayName?: string; providerUserInfo: { providerId: string; email?: string }[] }[];
    };
    return users[0]!;
  };

  beforeAll(async () => {
    seeded = await seedTournament(web.emulators, { label: 'join', players: 4 });
    tournamentId = seeded.tournamentId;
    // The entries wait for their players: nobody is linked by account id.
    const unlink = (participantId: string) =>
      call(web.emulators, 'linkParticipantAccount', { tournamentId, participantId, uid: null }, seeded.organizer);
    // On a loaded machine the Functions emulator can take longer than a call's timeout to start this function's
    // worker (it did, three runs out of three); unlinking is idempotent, so a second try is safe.
    for (const { participantId } of seeded.participants) await unlink(participantId).catch(() => unlink(participantId));
  });

  it('the desk shows the join link as a QR code and each entry its claim code', { timeout: 90_000 }, async () => {
    desk = await web.signedIn(DESKTOP, 'organizer', seeded.organizer, `/t/${tournamentId}/organize`);
    const qr = desk.locator('img.join-qr');
    await qr.waitFor();
    joinUrl = (await qr.getAttribute('data-url')) ?? '';
    expect(joinUrl).toBe(`${web.site}/#/t/${tournamentId}/join`);
    // A real image, drawn by the QR library (a PNG data URL of a few hundred bytes at least).
    expect(await qr.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(100);
    for (const { participantId, name } of seeded.participants) {
      const row = desk.locator(`tr[data-participant="${participantId}"]`);
      await expect.poll(() => row.locator('.claim-code').textContent()).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
      expect(await row.locator('td').first().textContent()).toBe(name);
      codes.set(participantId, (await row.locator('.claim-code').textContent()) ?? '');
    }
    await web.driver.checkLabels(desk, 'join desk');
    await visited(desk, 'join-1-desk-qr-and-codes');
    await desk.emulateMedia({ media: 'print' });
    await web.shot(desk, 'join-2-desk-printed');
    await desk.emulateMedia({ media: 'screen' });
  });

  it(
    'a phone opens the link, continues with Google, claims its entry and writes its own score',
    { timeout: 90_000 },
    async () => {
      const game = seeded.round1.find((m) => m.b !== null)!;
      const me = seeded.participants.find((p) => p.participantId === game.a)!;
      const phone = await web.openPage(PHONE, 'joining player');
      playerPhone = phone;
      claimedId = me.participantId;
      await phone.goto(joinUrl);
      await phone.getByRole('heading', { name: 'Join this tournament' }).waitFor();
      await visited(phone, 'join-3-phone-signed-out');
      await phone.getByRole('link', { name: 'Sign in or create an account' }).click();
      await phone.getByRole('button', { name: 'Continue with Google' }).click();
      const googleEmail = `google-${Date.now()}@example.com`;
      await phone.getByLabel('Google email').fill(googleEmail);
      await phone.getByLabel('Name on the Google account').fill('Robin Quill');
      await web.driver.checkLabels(phone, 'sign in with Google');
      await visited(phone, 'join-3b-phone-google-test-account');
      await phone.getByRole('button', { name: 'Continue as this Google account' }).click();
      await expect.poll(() => phone.locator('.who').textContent()).toBe('Robin Quill');
      // The Auth emulator holds a Google account: its provider is google.com, with the email and name given.
      const uid = (await phone.locator('.who').getAttribute('data-uid'))!;
      const account = await providersOf(uid);
      expect(account.displayName).toBe('Robin Quill');
      expect(account.providerUserInfo).toEqual([
        expect.objectContaining({ providerId: 'google.com', email: googleEmail }),
      ]);
      // Back on the join screen, signed in.
      await phone.getByLabel('Your claim code').waitFor();
      await web.driver.checkLabels(phone, 'join');
      await phone.getByLabel('Your claim code').fill(codes.get(me.participantId)!.toLowerCase());
      await phone.getByRole('button', { name: 'Claim my entry' }).click();
      const result = await outcome(phone.locator('form'));
      expect(result).toEqual({ state: 'ok', text: 'entry claimed: you enter your own scores from now on' });
      await expect.poll(() => phone.locator('.joined').textContent()).toBe(`You play as ${me.name}.`);
      await visited(phone, 'join-4-phone-claimed');

      await phone.getByRole('button', { name: 'Go to my game' }).click();
      const card = phone.locator('.my-game');
      await expect.poll(() => card.locator('.game-head').textContent()).toBe('Round 1 · Table 1');
      await card.getByRole('spinbutton').nth(0).fill('5');
      await card.getByRole('spinbutton').nth(1).fill('2');
      await card.getByRole('spinbutton').nth(1).press('Enter');
      await expectOk(card);
      await visited(phone, 'join-5-phone-scored');
      // "Saved" can show before the server has the score (kept on the phone when the server is slow): poll it.
      const stored = async () => (await readMatchUp(tournamentId, game.matchUpId))!;
      await expect.poll(async () => (await stored()).result).toEqual({ kind: 'PLAYED', score: { a: 5, b: 2 } });
      expect((await stored()).scoredBy).toBe('SIDE_A');
      // The desk sees the entry joined, by the name on the Google account, never by account id.
      await expect
        .poll(() => desk.locator(`tr[data-participant="${me.participantId}"] td`).nth(2).textContent())
        .toBe('as Robin Quill');
    },
  );

  it('the player renames on the phone: the desk shows the new name without a reload', { timeout: 90_000 }, async () => {
    await playerPhone.goto(`${web.site}/#/`);
    const field = playerPhone.getByLabel('Your name', { exact: true });
    await expect.poll(() => field.inputValue()).toBe('Robin Quill');
    await field.fill('Robin Feather');
    await playerPhone.getByRole('button', { name: 'Save name' }).click();
    expect(await outcome(playerPhone.locator('form', { has: field }))).toEqual({
      state: 'ok',
      text: 'name saved: organizers and staff now see you as Robin Feather',
    });
    expect(await playerPhone.locator('.who').textContent()).toBe('Robin Feather');
    await visited(playerPhone, 'join-5b-phone-renamed');
    await expect
      .poll(() => desk.locator(`tr[data-participant="${claimedId}"] td`).nth(2).textContent())
      .toBe('as Robin Feather');
    await visited(desk, 'join-5c-desk-shows-new-name');
  });

  it(
    'another phone is refused wrong codes with the tries left, then locked out even with a right code',
    { timeout: 90_000 },
    async () => {
      const phone = await web.openPage(PHONE, 'guessing player');
      await phone.goto(`${web.site}/#/signin?next=${encodeURIComponent(`/t/${tournamentId}/join`)}`);
      await signUpThrough(phone, `guesser-${Date.now()}@example.com`, 'a-phone-password');
      const form = phone.locator('form');
      // An account made with an email has no name yet: the join form asks for one, once.
      await phone.getByLabel('Your name, as the organizer will see it').fill('Gus Guesser');
      const tryCode = async (code: string) => {
        await freshStatus(form);
        await phone.getByLabel('Your claim code').fill(code);
        await phone.getByRole('button', { name: 'Claim my entry' }).click();
        return outcome(form);
      };
      const first = await tryCode('ABCD-EFGH');
      expect(first.state).toBe('error');
      expect(first.text).toContain('that code matches no entry of this tournament');
      expect(first.text).toContain('(4 tries left)');
      await visited(phone, 'join-6-phone-wrong-code');
      for (const left of ['3 tries', '2 tries', '1 try'])
        expect((await tryCode('ABCD-EFGH')).text).toContain(`(${left} left)`);
      expect((await tryCode('ABCD-EFGH')).text).toContain('that was the last try: wait 15 minutes');
      const untaken = seeded.participants.find((p) => p.participantId === seeded.round1.at(-1)!.b)!;
      const locked = await tryCode(codes.get(untaken.participantId)!);
      expect(locked.state).toBe('error');
      expect(locked.text).toMatch(/too many wrong codes: try again in 1[45] minutes/);
      await visited(phone, 'join-7-phone-locked');

      // The desk names who is locked out (the name the form asked for) and unlocks them; the right code then works.
      await desk.goto(`${web.site}/#/t/${tournamentId}/organize`);
      const locks = desk.getByRole('list', { name: 'Locked out of claiming' });
      await expect
        .poll(() => locks.textContent(), { timeout: WAIT_MS })
        .toMatch(/Gus Guesser: 5 wrong codes, locked until/);
      await visited(desk, 'join-7a-desk-locked');
      await desk.getByRole('button', { name: 'Unlock Gus Guesser' }).click();
      await expectOk(desk.locator('.locked-claims'));
      const claimed = await tryCode(codes.get(untaken.participantId)!);
      expect(claimed, claimed.text).toMatchObject({ state: 'ok' });
      expect(web.driver.unlabelled).toEqual([]);
    },
  );

  it(
    'a phone asks for a sign-in link, opens it and lands signed in on the join screen',
    { timeout: 90_000 },
    async () => {
      const email = `link-${Date.now()}@example.com`;
      const phone = await web.openPage(PHONE, 'link player');
      await phone.goto(`${web.site}/#/signin?next=${encodeURIComponent(`/t/${tournamentId}/join`)}`);
      await phone.getByLabel('Email', { exact: true }).fill(email);
      await phone.getByRole('button', { name: 'Email me a sign-in link' }).click();
      expect(await outcome(phone.locator('.signin-other'))).toEqual({
        state: 'ok',
        text: `a sign-in link is on its way to ${email}: open it on this device or another`,
      });
      await web.driver.checkLabels(phone, 'sign in');
      await visited(phone, 'join-8-phone-link-sent');
      await phone.goto(await emailedLink(email));
      await phone.getByLabel('Your claim code').waitFor();
      expect(await phone.locator('.who').textContent()).toBe(email);
      // The single-use link leaves the address: a reload or a shared address carries no code.
      expect(phone.url()).toBe(`${web.site}/#/t/${tournamentId}/join`);
      await visited(phone, 'join-9-phone-signed-in-by-link');
      await phone.reload();
      await phone.getByLabel('Your claim code').waitFor();
      expect(await phone.locator('.who').textContent()).toBe(email);
    },
  );

  it('a sign-in link opened on another device asks for its email first', { timeout: 90_000 }, async () => {
    const email = `link-elsewhere-${Date.now()}@example.com`;
    const asking = await web.openPage(DESKTOP, 'link asked on a desktop');
    await asking.goto(`${web.site}/#/signin?next=${encodeURIComponent(`/t/${tournamentId}/join`)}`);
    await asking.getByLabel('Email', { exact: true }).fill(email);
    await asking.getByRole('button', { name: 'Email me a sign-in link' }).click();
    expect((await outcome(asking.locator('.signin-other'))).state).toBe('ok');
    const phone = await web.openPage(PHONE, 'link opened on a phone');
    await phone.goto(await emailedLink(email));
    await phone.getByRole('heading', { name: 'Signing you in' }).waitFor();
    await web.driver.checkLabels(phone, 'email link');
    await visited(phone, 'join-10-phone-link-other-device');
    const form = phone.locator('form');
    await phone.getByLabel('Email').fill(`someone-else-${Date.now()}@example.com`);
    await phone.getByRole('button', { name: 'Sign in' }).click();
    expect(await outcome(form)).toEqual({
      state: 'error',
      text: 'Refused: this link was sent to another email: type the one you asked it for',
    });
    await freshStatus(form);
    await phone.getByLabel('Email').fill(email);
    await phone.getByRole('button', { name: 'Sign in' }).click();
    await phone.getByLabel('Your claim code').waitFor();
    expect(await phone.locator('.who').textContent()).toBe(email);
    await visited(phone, 'join-10b-phone-link-other-device-signed-in');
  });

  /** The desk creates a scorekeeper invitation and returns its link (the newest open one). */
  const inviteScorekeeper = async () => {
    await desk.goto(`${web.site}/#/t/${tournamentId}/organize`);
    const invitations = desk.locator('.invitations');
    const before = await invitations.locator('input.invitation-url').count();
    await freshStatus(invitations);
    await invitations.getByRole('button', { name: 'Create invitation' }).click();
    expect(await outcome(invitations)).toEqual({ state: 'ok', text: 'invitation created: send its link' });
    await expect.poll(() => invitations.locator('input.invitation-url').count()).toBe(before + 1);
    const links = await invitations
      .locator('input.invitation-url')
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    return { invitations, links };
  };

  it(
    'a scorekeeper opens an invitation, signs up, accepts and scores a table that is not its own',
    { timeout: 120_000 },
    async () => {
      const { links } = await inviteScorekeeper();
      const link = links.at(-1)!;
      expect(link).toMatch(new RegExp(`^${web.site}/#/invite/t/${tournamentId}/[A-Za-z0-9_-]{32}$`));
      await visited(desk, 'join-11-desk-invitation');
      const keeper = await web.openPage(PHONE, 'invited scorekeeper');
      await keeper.goto(link);
      await keeper.getByRole('heading', { name: 'You are invited' }).waitFor();
      // Which tournament, before anything is accepted (signed out too: a tournament is public).
      const { description } = await storedTournament(tournamentId);
      await expect.poll(() => keeper.locator('.invited-to').textContent()).toBe(`${description} (2025-06-01)`);
      await visited(keeper, 'join-12-phone-invited-signed-out');
      await keeper.getByRole('link', { name: 'Sign in to accept' }).click();
      await signUpThrough(keeper, `keeper-${Date.now()}@example.com`, 'a-phone-password');
      await keeper.getByRole('button', { name: 'Accept the invitation' }).click();
      await expect.poll(() => keeper.locator('.accepted').textContent()).toMatch(/^You keep score in .+\.$/);
      // Without a name yet, the welcome says so and leads to where one is set.
      expect(await keeper.locator('.unnamed').textContent()).toContain('someone without a name yet');
      await visited(keeper, 'join-13-phone-invitation-accepted');
      // The desk lists the new scorekeeper (by the name it chose: none yet), never by account id.
      await expect
        .poll(() => desk.getByRole('list', { name: 'Scorekeepers' }).textContent())
        .toContain('someone without a name yet');

      // The last table of round 1: neither of its players is this account.
      const table = seeded.round1.at(-1)!;
      const nameOf = (id: string) => seeded.participants.find((p) => p.participantId === id)!.name;
      await keeper.getByRole('link', { name: 'Score games' }).click();
      const row = keeper.locator('.keeper-list li').nth(table.order);
      await expect
        .poll(() => row.locator('.strong').textContent())
        .toBe(`Table ${table.order + 1}: ${nameOf(table.a)} v ${nameOf(table.b!)}`);
      await row.getByRole('spinbutton', { name: `Game points of ${nameOf(table.a)}`, exact: true }).fill('3');
      await row.getByRole('spinbutton', { name: `Game points of ${nameOf(table.b!)}`, exact: true }).fill('4');
      await row.getByRole('button', { name: `Save the result of table ${table.order + 1}` }).click();
      await expectOk(row);
      await web.driver.checkLabels(keeper, 'scorekeeper');
      await visited(keeper, 'join-14-phone-scorekeeper-scored');
      const stored = (await readMatchUp(tournamentId, table.matchUpId))!;
      expect(stored.result).toEqual({ kind: 'PLAYED', score: { a: 3, b: 4 } });
      expect(stored.scoredBy).toBe('SCOREKEEPER');

      // Named later, the scorekeeper appears on the desk under that name.
      await keeper.goto(`${web.site}/#/`);
      await keeper.getByLabel('Your name', { exact: true }).fill('Sam Keeper');
      await keeper.getByRole('button', { name: 'Save name' }).click();
      expect((await outcome(keeper.locator('form', { has: keeper.getByLabel('Your name') }))).state).toBe('ok');
      await expect.poll(() => desk.getByRole('list', { name: 'Scorekeepers' }).textContent()).toContain('Sam Keeper');
    },
  );

  it('a revoked invitation is refused in words', { timeout: 90_000 }, async () => {
    const { invitations, links } = await inviteScorekeeper();
    const link = links.at(-1)!;
    await freshStatus(invitations);
    await invitations
      .locator('li', { has: desk.locator(`input[value="${link}"]`) })
      .getByRole('button', { name: 'Revoke' })
      .click();
    expect(await outcome(invitations)).toEqual({ state: 'ok', text: 'invitation revoked: its link no longer works' });
    const latecomer = await web.openPage(PHONE, 'revoked invitation');
    await latecomer.goto(`${web.site}/#/signin?next=${encodeURIComponent(link.slice(link.indexOf('#') + 1))}`);
    await signUpThrough(latecomer, `late-${Date.now()}@example.com`, 'a-phone-password');
    await latecomer.getByRole('button', { name: 'Accept the invitation' }).click();
    const refused = await outcome(latecomer.locator('main'));
    expect(refused.state).toBe('error');
    expect(refused.text).toBe('Refused: this invitation was withdrawn by the organizer: ask them for a new one');
    await visited(latecomer, 'join-15-phone-invitation-revoked');
    await latecomer.goto(`${web.site}/#/t/${tournamentId}/play`);
    await latecomer.getByRole('heading', { name: 'You are not entered in this tournament' }).waitFor();
    expect(await latecomer.locator('.keeper-list').count()).toBe(0);
  });

  it('no screen visited shows an account id', () => {
    // Every account the pages used: the organizer, the Google player, the guesser, the link players, the staff.
    const shown = screens.flatMap(({ name, text }) =>
      [...uids].filter((uid) => text.includes(uid)).map((uid) => `${name}: ${uid}`),
    );
    expect(shown).toEqual([]);
    // ...and the check looked at all of them (a test that stopped early would leave accounts or screens out).
    expect(uids.size).toBe(7);
    expect(screens.length).toBe(19);
    expect(web.driver.unlabelled).toEqual([]);
  });
});
