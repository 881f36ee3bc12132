import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { avatarColor } from './avatar-appearance.js';
import { Avatar } from './avatar.js';

describe('Avatar', () => {
  it('shows the initial on the colour of the name, 32px by default', () => {
    render(<Avatar name="[Ops] alice smith (contractor)" />);
    const avatar = screen.getByTestId('avatar');
    expect(avatar).toHaveTextContent(/^A$/);
    expect(avatar).toHaveStyle({
      width: '32px',
      height: '32px',
      fontSize: '12px',
      backgroundColor: avatarColor('alice smith'),
    });
  });

  it.each([
    ['small', '24px', '10px'],
    ['medium', '32px', '12px'],
    ['large', '40px', '14px'],
    ['extraLarge', '60px', '24px'],
  ] as const)('is %s: %s with %s text', (size, box, font) => {
    render(<Avatar name="Bob" size={size} />);
    expect(screen.getByTestId('avatar')).toHaveStyle({ width: box, height: box, fontSize: font });
  });

  it('takes an initial and colour when given', () => {
    render(<Avatar name="Bob" initial="Z" avatarColor="#123456" />);
    expect(screen.getByTestId('avatar')).toHaveTextContent(/^Z$/);
    expect(screen.getByTestId('avatar')).toHaveStyle({ backgroundColor: '#123456' });
  });

  it('shows the picture when there is one, and the initial if it fails to load', () => {
    render(<Avatar name="Carol" avatarUrl="/api/files/users/carol.png" />);
    const image = screen.getByTestId('avatar').querySelector('img');
    expect(image).toHaveAttribute('src', '/api/files/users/carol.png');
    expect(screen.getByTestId('avatar')).not.toHaveTextContent('C');

    fireEvent.error(image as HTMLImageElement);
    expect(screen.getByTestId('avatar')).toHaveTextContent(/^C$/);
    expect(screen.getByTestId('avatar').querySelector('img')).toBeNull();
  });

  it('shows a person glyph when the name has no letter', () => {
    render(<Avatar name="" />);
    expect(screen.getByTestId('avatar')).toHaveTextContent(/^$/);
    expect(screen.getByTestId('avatar').querySelector('svg')).not.toBeNull();
  });
});
