module Main (main) where

import System.Environment (getArgs)
import System.Process (readProcessWithExitCode, callProcess)
import System.Directory (createDirectoryIfMissing)
import Data.List (isPrefixOf, sortOn, group, sort)

main :: IO ()
main = do
  args <- getArgs
  createDirectoryIfMissing True ".hlint-sweep"
  (_, out, _) <- readProcessWithExitCode "hlint" [".", "--no-exit-code"] ""
  let hints = [ drop 2 (dropWhile (/= ':') l) | l <- lines out, ": Warning:" `isInfix` l || ": Suggestion:" `isInfix` l ]
      counts = map (\g -> (head g, length g)) . group . sort $ hints
  writeFile ".hlint-sweep/report.txt" $ unlines [ show n ++ "\t" ++ h | (h, n) <- sortOn (negate . snd) counts ]
  if "--apply" `elem` args
    then callProcess "hlint" [".", "--refactor", "--refactor-options=--inplace"]
    else putStrLn "dry run; pass --apply to rewrite files"
  where
    isInfix needle hay = any (needle `isPrefixOf`) (tails' hay)
    tails' [] = [[]]
    tails' s@(_:xs) = s : tails' xs
