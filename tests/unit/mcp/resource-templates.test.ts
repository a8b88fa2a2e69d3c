import { describe, expect, it } from 'vitest';
import { CoveError } from '../../../src/base/errors';
import { describeTemplate, expandTemplate } from '../../../src/mcp/resource-templates';
import { errorText } from '../../../src/app/messages/describe-error';

describe('resource templates', () => {
  it('asks for each variable once; path variables are required, query ones are not', () => {
    const template = describeTemplate({
      name: 'issue',
      title: 'Issue',
      uriTemplate: 'tracker://{project}/issues/{id}{?fields,expand*}',
    })!;
    expect(template.title).toBe('Issue');
    expect(template.variables).toEqual([
      { name: 'project', required: true },
      { name: 'id', required: true },
      { name: 'fields', required: false },
      { name: 'expand', required: false },
    ]);
  });

  it('builds the URI from the values, encoding them and leaving empty optional ones out', () => {
    const template = describeTemplate({ name: 'file', uriTemplate: 'repo://{owner}/x{?ref}' })!;
    expect(expandTemplate(template, { owner: ' a b ', ref: '' })).toBe('repo://a%20b/x');
    expect(expandTemplate(template, { owner: 'me', ref: 'main' })).toBe('repo://me/x?ref=main');
  });

  it('names the required values left empty', () => {
    const template = describeTemplate({ name: 'issue', uriTemplate: 't://{project}/{id}' })!;
    const error = (() => {
      try {
        return expandTemplate(template, { project: 'cove', id: '  ' });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(CoveError);
    expect(errorText(error)).toMatch(/issue needs id/);
  });

  it('leaves out a template whose URI cannot be parsed', () => {
    expect(describeTemplate({ name: 'broken', uriTemplate: 'x://{unclosed' })).toBeUndefined();
  });
});
