import { describe, expect, it } from 'vitest';
import { isCreatorRole } from '../../app/creator-roles';
import { isLive, openableUrl, sitePaths } from './site-format';

describe('site list presentation rules', () => {
  it('treats published and domain-checking sites as reachable by visitors', () => {
    expect(isLive('PUBLISH')).toBe(true);
    expect(isLive('DOMAIN_VERIFYING')).toBe(true);
    expect(isLive('DRAFT')).toBe(false);
    expect(isLive('PRIVATE')).toBe(false);
    expect(isLive('EXPIRED')).toBe(false);
  });

  it('lets every creator role build sites, and not the platform master', () => {
    expect(isCreatorRole('USER')).toBe(true);
    expect(isCreatorRole('MASTER_USER')).toBe(true);
    expect(isCreatorRole('OEM_MASTER')).toBe(true);
    expect(isCreatorRole('OEM_ADMIN')).toBe(true);
    expect(isCreatorRole('MASTER')).toBe(false);
  });

  it('opens web addresses only', () => {
    expect(openableUrl('https://shop.example.com/')).toBe('https://shop.example.com/');
    expect(openableUrl('http://127.0.0.1:3000/sites/abc')).toBe('http://127.0.0.1:3000/sites/abc');
    expect(openableUrl('javascript:alert(1)')).toBeNull();
    expect(openableUrl('/sites/abc')).toBeNull();
  });

  it('builds the console addresses, with the account on the per-account list', () => {
    const paths = sitePaths('admin-user');
    expect(paths.list()).toBe('/admin-user/site-list');
    expect(paths.list('a1')).toBe('/admin-user/site/list/a1');
    expect(paths.create()).toBe('/admin-user/create-site');
    expect(paths.create('a1')).toBe('/admin-user/create-site?account=a1');
    expect(paths.edit('s1')).toBe('/admin-user/site/s1');
    expect(paths.analytics('s1')).toBe('/admin-user/analytics?site=s1');
  });
});
