import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { firstIssueMessage, loginFormSchema, loginRequestSchema, messages } from '../../../sync/contract';
import { firstMessage, messagesOf } from './helpers';

describe('login form (part 1, section 5)', () => {
  it('requires the e-mail first, then the password', () => {
    expect(firstMessage(loginFormSchema, { email: '', password: '' })).toBe('Please enter an email');
    expect(messagesOf(loginFormSchema, { email: '', password: '' })).toEqual([
      'Please enter an email',
      'Invalid email',
      'Please enter password',
    ]);
  });

  it('treats an e-mail of spaces as missing (trimmed)', () => {
    expect(firstMessage(loginFormSchema, { email: '   ', password: 'x' })).toBe(messages.emailRequired);
  });

  it('rejects a malformed e-mail with "Invalid email"', () => {
    for (const email of ['user', 'user@', 'user@host', '@host.com', 'a b@c.de']) {
      expect(firstMessage(loginFormSchema, { email, password: 'x' })).toBe('Invalid email');
    }
  });

  it('requires the password once the e-mail is valid', () => {
    expect(firstMessage(loginFormSchema, { email: 'a@b.co', password: '' })).toBe('Please enter password');
    expect(firstMessage(loginFormSchema, { email: 'a@b.co' })).toBeDefined();
  });

  it('passes and trims a good login', () => {
    expect(loginFormSchema.parse({ email: '  staff@demo.test ', password: 'demo1234' })).toEqual({
      email: 'staff@demo.test',
      password: 'demo1234',
    });
  });

  it('sends the e-mail as emailId with the same rules', () => {
    expect(firstMessage(loginRequestSchema, { emailId: '', password: 'x' })).toBe('Please enter an email');
    expect(firstMessage(loginRequestSchema, { emailId: 'bad', password: 'x' })).toBe('Invalid email');
    expect(loginRequestSchema.parse({ emailId: ' a@b.co', password: 'p' }).emailId).toBe('a@b.co');
  });

  it('firstIssueMessage gives the first failing field, or the generic text', () => {
    const r = loginFormSchema.safeParse({ email: 'x@y.z', password: '' });
    expect(r.success).toBe(false);
    if (!r.success) expect(firstIssueMessage(r.error)).toBe('Please enter password');
    expect(firstIssueMessage(new z.ZodError([]))).toBe('Something went wrong!');
  });
});
