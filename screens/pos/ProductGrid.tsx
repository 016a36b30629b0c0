import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PosProductAnswer } from '../../schemas/orders/api';
import { fetchCategoryProducts, fetchPosCategories } from './posApi';

interface ProductGridProps {
  onAdd(product: PosProductAnswer): void;
  formatPrice(amount: number): string;
}

/** Products by category as large touch targets, with the item's picture where it has one. */
export function ProductGrid({ onAdd, formatPrice }: ProductGridProps) {
  const categories = useQuery({ queryKey: ['pos', 'categories'], queryFn: fetchPosCategories, staleTime: 60_000 });
  const [chosen, setChosen] = useState<number | null>(null);
  const categoryId = chosen ?? categories.data?.[0]?.id ?? null;
  const products = useQuery({
    queryKey: ['pos', 'category-products', categoryId],
    queryFn: () => fetchCategoryProducts(categoryId!),
    enabled: categoryId !== null,
    staleTime: 60_000,
  });
  if (!categories.data || categories.data.length === 0) return null;
  return (
    <div className="flex flex-col gap-3">
      <div role="group" aria-label="Categories" className="flex flex-wrap gap-2">
        {categories.data.map((category) => (
          <button
            key={category.id}
            type="button"
            aria-pressed={category.id === categoryId}
            onClick={() => setChosen(category.id)}
            className={`min-h-11 rounded-full border px-4 text-sm font-medium ${category.id === categoryId ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'}`}
          >
            {category.name}
          </button>
        ))}
      </div>
      <ul aria-label="Products" className="grid grid-cols-[repeat(auto-fill,minmax(8.5rem,1fr))] gap-2">
        {(products.data ?? []).map((product) => (
          <li key={product.id}>
            <button
              type="button"
              onClick={() => onAdd(product)}
              className="flex h-full min-h-24 w-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white text-left shadow-sm hover:border-brand-500 active:bg-slate-50"
            >
              {product.picture ? (
                <img src={product.picture} alt="" loading="lazy" className="h-20 w-full object-cover" />
              ) : (
                <span aria-hidden="true" className="flex h-10 w-full items-center justify-center bg-slate-100 text-lg font-semibold text-slate-400">
                  {product.name.slice(0, 1)}
                </span>
              )}
              <span className="flex flex-1 flex-col justify-between gap-1 p-2">
                <span className="text-sm font-medium leading-tight text-slate-800">{product.name}</span>
                <span className="text-sm text-slate-600">{product.units[0] ? formatPrice(product.units[0].sale_price) : ''}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
