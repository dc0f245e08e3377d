import type { ButtonHTMLAttributes, Ref } from 'react';

const variants = {
  primary: 'bg-campus-600 text-white hover:bg-campus-700',
  secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-100',
  danger: 'bg-red-600 text-white hover:bg-red-700',
} as const;

export type ButtonVariant = keyof typeof variants;

/** The button look, for links that act as buttons (a Download link) as well as buttons. */
export const buttonClass = (variant: ButtonVariant = 'primary', className = '') =>
  `inline-block rounded-lg px-4 py-2 font-medium shadow-sm transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-campus-600 disabled:cursor-not-allowed disabled:opacity-60 ${variants[variant]} ${className}`;

/** type="button" unless told otherwise, so a button inside a form never submits it by accident. */
export function Button({ variant = 'primary', className = '', type = 'button', ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; ref?: Ref<HTMLButtonElement> }) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}
