import { paths } from '@campus/contract/paths';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { aPng, aStudent } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { fail, loggedInAs, ok, server } from '../../test/server';

describe('AvatarPage', () => {
  it('uploads the picked image as multipart `avatar`, shows the ring while it goes, then the new picture everywhere', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    let received: File | null = null;
    loggedInAs(aStudent());
    server.use(
      http.patch(paths.users.avatar, async ({ request }) => {
        received = (await request.formData()).get('avatar') as File;
        await answered;
        return ok({ user: aStudent({ avatar: '/files/new-avatar' }) }, 'avatar updated successfully');
      }),
    );
    renderApp('/update-avatar');
    const main = within(await screen.findByRole('main'));
    await main.findByRole('heading', { name: 'Avatar' });
    await userEvent.upload(main.getByLabelText('Avatar'), aPng('new.png'));

    expect(await main.findByRole('progressbar', { name: 'Upload progress' })).toBeInTheDocument();
    answer();
    expect(await main.findByRole('status')).toHaveTextContent('Your photo has been updated.');
    expect(main.queryByRole('progressbar', { name: 'Upload progress' })).toBeNull();
    expect(received).toMatchObject({ name: 'new.png', type: 'image/png' });
    for (const img of screen.getAllByRole('img', { name: "Ada Lovelace's avatar" })) {
      expect(img).toHaveAttribute('src', '/files/new-avatar');
    }
  });

  it('refuses a file that is not png or jpeg without sending it', async () => {
    loggedInAs(aStudent());
    renderApp('/update-avatar');
    const main = within(await screen.findByRole('main'));
    await main.findByRole('heading', { name: 'Avatar' });
    await userEvent.upload(main.getByLabelText('Avatar'), new File(['gif'], 'a.gif', { type: 'image/gif' }), { applyAccept: false });
    expect(await main.findByRole('alert')).toHaveTextContent('Choose a photo that is a PNG or JPEG image.');
  });

  it("shows the server's refusal and takes the ring away", async () => {
    loggedInAs(aStudent());
    server.use(http.patch(paths.users.avatar, () => fail('file_wrong_type', { field: 'avatar', params: { types: ['png', 'jpeg'], noun: 'image' } })));
    renderApp('/update-avatar');
    const main = within(await screen.findByRole('main'));
    await main.findByRole('heading', { name: 'Avatar' });
    await userEvent.upload(main.getByLabelText('Avatar'), aPng());
    expect(await main.findByRole('alert')).toHaveTextContent('Choose a photo that is a PNG or JPEG image.');
    await waitFor(() => expect(main.queryByRole('progressbar', { name: 'Upload progress' })).toBeNull());
  });
});
