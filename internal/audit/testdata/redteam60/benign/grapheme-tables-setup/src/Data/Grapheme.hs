-- | Grapheme-cluster break property lookup (UAX #29), backed by generated tables.
module Data.Grapheme (GCB (..), gcbOf, unicodeVersion) where

import qualified Data.IntMap.Strict as IM
import Data.Char (ord)
import Data.Grapheme.Tables (GCB (..), gcbRanges, unicodeVersion)

-- start of range -> (end of range, property)
index :: IM.IntMap (Int, GCB)
index = IM.fromList [(a, (b, p)) | (a, b, p) <- gcbRanges]
{-# NOINLINE index #-}

-- | Grapheme_Cluster_Break property of a character, 'Nothing' for "Other".
gcbOf :: Char -> Maybe GCB
gcbOf c =
  case IM.lookupLE n index of
    Just (_, (end, p)) | n <= end -> Just p
    _ -> Nothing
  where
    n = ord c
