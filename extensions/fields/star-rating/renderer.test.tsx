// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import starRating from './definition';
import StarRatingField from './renderer';

afterEach(cleanup);

describe('star-rating field', () => {
  it('shows the rating as filled stars and picks the clicked number of stars', () => {
    const onChange = vi.fn();
    render(<StarRatingField name="general.condition_rating" label="Condition" value={3} onChange={onChange} />);
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['★', '★', '★', '☆', '☆']);
    expect(screen.getByRole('button', { name: '3 of 5 stars' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: '5 of 5 stars' }));
    expect(onChange).toHaveBeenLastCalledWith(5);
    // A click on the picked star takes the rating back.
    fireEvent.click(screen.getByRole('button', { name: '3 of 5 stars' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('shows no star filled without a rating, the errors under it, and no clicks when disabled', () => {
    const onChange = vi.fn();
    render(
      <StarRatingField
        name="general.condition_rating"
        label="Condition"
        value={null}
        onChange={onChange}
        disabled
        errors={['This field must be a whole number of stars from 1 to 5.']}
      />,
    );
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['☆', '☆', '☆', '☆', '☆']);
    expect(screen.getByText('This field must be a whole number of stars from 1 to 5.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '2 of 5 stars' }));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('words list cells as stars', () => {
    expect(starRating.cell!(4)).toBe('★★★★☆');
    expect(starRating.cell!(1)).toBe('★☆☆☆☆');
  });
});
