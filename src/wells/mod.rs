//! Guerrilla (David Wells, 1976): rules core. See W1–W7.
