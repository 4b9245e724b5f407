// The shared screen parts keep the markup the screens had written out by hand: a section
// labelled by its heading, a figure as dt/dd, a segmented radio group, a code field that the
// keyboard leaves alone.
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CodeField } from '../../../src/ui/CodeField.tsx';
import { SegmentedChoice } from '../../../src/ui/SegmentedChoice.tsx';
import { Stat } from '../../../src/ui/Stat.tsx';
import { TitledSection } from '../../../src/ui/TitledSection.tsx';
import { activateEnglish } from '../support/i18n.ts';

beforeAll(activateEnglish);

describe('shared screen parts', () => {
  it('TitledSection is a card region named by its heading', () => {
    render(
      <TitledSection titleId="pool" title="Pool" data-testid="pool-card">
        <p>inside</p>
      </TitledSection>,
    );
    const region = screen.getByRole('region', { name: 'Pool' });
    expect(region.className).toBe('card');
    expect(region.getAttribute('data-testid')).toBe('pool-card');
    expect(screen.getByRole('heading', { name: 'Pool' }).className).toBe('section-title');
  });

  it('Stat is one name and its value, with attributes on the value', () => {
    const { container } = render(
      <dl>
        <Stat label="Price" data-testid="price">
          3 JU
        </Stat>
      </dl>,
    );
    expect(container.querySelector('dl')!.innerHTML).toBe(
      '<div><dt>Price</dt><dd data-testid="price">3 JU</dd></div>',
    );
  });

  it('SegmentedChoice checks the chosen option and reports a new choice', () => {
    const onChange = vi.fn();
    render(
      <SegmentedChoice
        legend="Coin"
        name="coin"
        options={['USDT', 'JU'] as const}
        value="USDT"
        onChange={onChange}
        label={(coin) => `${coin} coin`}
      />,
    );
    expect(screen.getByRole('radio', { name: 'USDT coin' })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('radio', { name: 'JU coin' }));
    expect(onChange).toHaveBeenCalledWith('JU');
  });

  it('CodeField is a monospaced input the keyboard does not complete or correct', () => {
    const onChange = vi.fn();
    render(<CodeField label="Hash" name="hash" value="" onChange={onChange} placeholder="0x…" />);
    const input = screen.getByLabelText('Hash');
    expect(input.className).toBe('field-input mono');
    expect(input.getAttribute('autocomplete')).toBe('off');
    expect(input.getAttribute('autocapitalize')).toBe('off');
    expect(input.getAttribute('spellcheck')).toBe('false');
    fireEvent.change(input, { target: { value: '0xab' } });
    expect(onChange).toHaveBeenCalledWith('0xab');
  });
});
