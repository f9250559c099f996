//! Guerrilla Checkers (Brian Train, 2010): rules core. See GC1–GC6.
