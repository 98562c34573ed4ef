import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import Security from '../../src/client/pages/admin/Security';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, auditActionLabel } from '../../src/shared/auditActions';
import { renderWithTrpc } from './trpcStub';

afterEach(cleanup);

const ADMIN = { _id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', email: 'admin@glowbook.in', name: 'Meera Admin' };

function renderAudit() {
  return renderWithTrpc(<Security />, {
    'admin.security': () => ({ hours: 24, failedSignIns: [], throttledAccounts: [], throttledIps: [], blockedAccounts: 1 }),
    'admin.audit': () => ({
      entries: [
        {
          _id: '3',
          actor: ADMIN,
          subject: { _id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', email: 'ravi@example.in', name: 'Ravi Kumar', shopName: null },
          action: 'user.block',
          entity: 'account',
          entityId: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
          details: { reason: 'fraud' },
          createdAt: '2026-12-01T10:00:00.000Z',
        },
        {
          _id: '2',
          actor: ADMIN,
          subject: { _id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc', email: 'owner@lotus.in', name: 'Kavita Rao', shopName: 'Lotus Salon' },
          action: 'salon.approve',
          entity: 'merchant',
          entityId: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
          details: {},
          createdAt: '2026-12-01T09:00:00.000Z',
        },
        {
          _id: '1',
          actor: ADMIN,
          subject: null,
          action: 'api.categories.createCategory',
          entity: 'categories',
          entityId: null,
          details: {},
          createdAt: '2026-12-01T08:00:00.000Z',
        },
      ],
      total: 3,
      page: 1,
      limit: 15,
      paging: { page: 1, limit: 15, total: 3, hasMore: false },
    }),
  });
}

describe('Audit log: readable actions and the affected user', () => {
  it('names each action in words (the raw name under it) and the user it was about', async () => {
    renderAudit();
    const table = await screen.findByTestId('audit-table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0].textContent).toContain('Blocked a user');
    expect(rows[0].textContent).toContain('user.block');
    expect(rows[0].textContent).toContain('Ravi Kumar');
    expect(rows[0].textContent).toContain('ravi@example.in');
    expect(rows[1].textContent).toContain('Approved a salon');
    expect(rows[1].textContent).toContain('Lotus Salon');
    expect(rows[1].textContent).toContain('Kavita Rao · owner@lotus.in');
    expect(rows[2].textContent).toContain('API call categories.createCategory');
    expect(within(table).getByRole('columnheader', { name: 'About' })).toBeTruthy();
  });

  it('every recorded action has a label of its own', () => {
    for (const a of AUDIT_ACTIONS) {
      expect(AUDIT_ACTION_LABELS[a]).toMatch(/^[A-Z]/);
      expect(auditActionLabel(a)).not.toBe(a);
    }
    expect(new Set(Object.values(AUDIT_ACTION_LABELS)).size).toBe(AUDIT_ACTIONS.length);
    expect(auditActionLabel('something.new')).toBe('something.new');
  });
});
