/**
 * The cart provider: the reducer's state, persisted under localStorage `cart` and restored on load
 * (docs/product.md §4), with the docs/product.md §8 toasts on each change; while signed in, also kept on the
 * server (lib/cart-sync/sync.ts, docs/messages.md "Forgotten carts").
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  type ReactNode,
} from 'react';
import { readAuthToken } from '@client/lib/auth-cookie';
import { toast } from '@client/lib/notify';
import { useHydrated } from '@client/lib/server-html';
import {
  CART_STORAGE_KEY,
  cartItemCount,
  cartReducer,
  cartTotal,
  parseStoredCart,
  sameLine,
  type CartItem,
  type CartLineKey,
} from './cart-reducer';

type CartContextValue = {
  items: CartItem[];
  /** Sum of quantities; a length of fabric counts as one item. */
  itemCount: number;
  /** Sum of the line totals (price × quantity) in rupees. */
  total: number;
  addItem(item: CartItem): void;
  removeItem(id: string): void;
  updateQuantity(line: CartLineKey, quantity: number): void;
  /** Empties the cart; `announce: false` skips the 'Cart cleared' toast (after an order is placed). */
  clearCart(options?: { announce?: boolean }): void;
};

const CartContext = createContext<CartContextValue | null>(null);

const NO_ITEMS: CartItem[] = [];

/**
 * The stored cart; empty where there is no storage (a server render) or it is disabled. An empty cart is
 * {@link NO_ITEMS} itself, so hydrating an empty cart changes nothing the pages read.
 */
function readStoredCart(): CartItem[] {
  try {
    const items = parseStoredCart(localStorage.getItem(CART_STORAGE_KEY));
    return items.length > 0 ? items : NO_ITEMS;
  } catch {
    return NO_ITEMS;
  }
}

export function CartProvider({ children }: { children: ReactNode }) {
  const [storedItems, dispatch] = useReducer(cartReducer, undefined, readStoredCart);
  // A server-rendered page is drawn with an empty cart, and so is its hydrating render; the cart shows right
  // after.
  const items = useHydrated() ? storedItems : NO_ITEMS;

  useEffect(() => {
    try {
      localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(storedItems));
    } catch {
      // Storage full or disabled: the cart still works for this visit.
    }
  }, [storedItems]);

  // Signed in: the cart is kept on the server too (lib/cart-sync, loaded only then).
  useEffect(() => {
    if (readAuthToken()) void import('@client/lib/cart-sync/sync').then((sync) => sync.push(storedItems));
  }, [storedItems]);

  // Another tab changed the cart: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === CART_STORAGE_KEY)
        dispatch({ type: 'replace', items: parseStoredCart(event.newValue) });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const addItem = useCallback(
    (item: CartItem) => {
      const existing = items.some((line) => sameLine(line, item));
      dispatch({ type: 'add', item });
      toast.success('Added to cart', {
        description: existing ? `${item.name} quantity increased` : `${item.name} added to your cart`,
      });
    },
    [items],
  );

  const removeItem = useCallback(
    (id: string) => {
      const name = items.find((item) => item.id === id)?.name ?? 'Item';
      dispatch({ type: 'remove', id });
      toast(`${name} removed from cart`);
    },
    [items],
  );

  const updateQuantity = useCallback((line: CartLineKey, quantity: number) => {
    dispatch({ type: 'updateQuantity', line, quantity });
  }, []);

  const clearCart = useCallback((options: { announce?: boolean } = {}) => {
    dispatch({ type: 'clear' });
    if (options.announce !== false) {
      toast('Cart cleared', { description: 'All items have been removed from your cart.' });
    }
  }, []);

  const value = useMemo(
    () => ({
      items,
      itemCount: cartItemCount(items),
      total: cartTotal(items),
      addItem,
      removeItem,
      updateQuantity,
      clearCart,
    }),
    [items, addItem, removeItem, updateQuantity, clearCart],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

/** The cart of this browser. Must be used inside {@link CartProvider}. */
export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error('useCart must be used inside CartProvider');
  return value;
}
